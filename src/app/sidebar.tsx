import { useCallback } from 'react'

import type { MoveTarget } from '../lib/move-target'
import { ActivityEntry } from '../features/activity'
import { FolderDrawer, FolderTree, type FolderNode } from '../features/folders'
import { PeopleEntry, TokensEntry } from '../features/people'
import { TrashEntry } from '../features/trash'
import { WebflowEntry } from '../features/webflow'
import { WebhooksEntry } from '../features/webhooks'
import { useAccess, useCan, useCanCall } from '../lib/access'
import { ActivityDialog, PeopleDialog, TokensDialog, WebflowDialog, WebhooksDialog } from './lazy-dialogs'

interface SidebarProps {
  /** A narrow screen (NARROW_SCREEN): the sidebar is a drawer, opened by the header's Folders button. */
  narrow: boolean
  drawerOpen: boolean
  onDrawerOpenChange: (open: boolean) => void
  tree: readonly FolderNode[]
  /** The folder shown; undefined while the Trash view is open. */
  selected: string | null | undefined
  onSelect: (path: string | null) => void
  onDropFiles: (ids: number[], target: MoveTarget) => void
  trash: boolean
  onOpenTrash: () => void
  onOpenWebflow: () => void
  onOpenWebhooks: () => void
  onOpenActivity: () => void
  onOpenPeople: () => void
  onOpenTokens: () => void
}

/**
 * The folder tree, the Trash, the Webflow, Webhooks and Activity entries, and behind the access gate
 * People and API tokens: beside the files, or in a drawer over them. An entry to a page this browser may
 * not use (an admin's, for an editor) is not shown.
 */
export function Sidebar(props: SidebarProps) {
  const { narrow, drawerOpen, onDrawerOpenChange: setDrawerOpen, onSelect } = props
  // People and tokens exist only behind the gate: with it off every call is the owner's.
  const signedIn = useAccess().gate === 'closed'
  const canManagePeople = useCanCall('people', 'GET')
  const canManageWebhooks = useCanCall('webhooks', 'GET')
  // The whole log is an admin's; anyone else reads one file's history in Details (decision 0075).
  const canReadActivity = useCan('admin')
  // Choosing a place closes the drawer: what it leads to is what the user wants to see.
  const chooseFolder = useCallback(
    (path: string | null) => {
      setDrawerOpen(false)
      onSelect(path)
    },
    [setDrawerOpen, onSelect],
  )
  return (
    <FolderDrawer drawer={narrow} open={drawerOpen} onOpenChange={setDrawerOpen}>
      <FolderTree
        tree={props.tree}
        selected={props.selected}
        onSelect={chooseFolder}
        onDropFiles={props.onDropFiles}
      />
      <TrashEntry
        open={props.trash}
        onOpen={() => {
          setDrawerOpen(false)
          props.onOpenTrash()
        }}
      />
      <WebflowEntry
        onOpen={() => {
          setDrawerOpen(false)
          props.onOpenWebflow()
        }}
        onPreload={WebflowDialog.preload}
      />
      {canManageWebhooks && (
        <WebhooksEntry
          onOpen={() => {
            setDrawerOpen(false)
            props.onOpenWebhooks()
          }}
          onPreload={WebhooksDialog.preload}
        />
      )}
      {signedIn && canManagePeople && (
        <PeopleEntry
          onOpen={() => {
            setDrawerOpen(false)
            props.onOpenPeople()
          }}
          onPreload={PeopleDialog.preload}
        />
      )}
      {signedIn && (
        <TokensEntry
          onOpen={() => {
            setDrawerOpen(false)
            props.onOpenTokens()
          }}
          onPreload={TokensDialog.preload}
        />
      )}
      {canReadActivity && (
        <ActivityEntry
          onOpen={() => {
            setDrawerOpen(false)
            props.onOpenActivity()
          }}
          onPreload={ActivityDialog.preload}
        />
      )}
    </FolderDrawer>
  )
}
