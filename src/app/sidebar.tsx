import { useCallback } from 'react'

import type { MoveTarget } from '../lib/move-target'
import { ActivityEntry } from '../features/activity'
import { FolderDrawer } from '../features/folders/components/folder-drawer'
import { FolderTree } from '../features/folders/components/folder-tree'
import type { FolderNode } from '../features/folders/model/folder-tree'
import { TrashEntry } from '../features/trash/components/trash-entry'
import { WebflowEntry } from '../features/webflow/components/webflow-entry'
import { WebhooksEntry } from '../features/webhooks/components/webhooks-entry'
import { ActivityDialog, WebflowDialog, WebhooksDialog } from './lazy-dialogs'

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
}

/**
 * The folder tree, the Trash, the Webflow, Webhooks and Activity entries: beside the files, or in a
 * drawer over them.
 */
export function Sidebar(props: SidebarProps) {
  const { narrow, drawerOpen, onDrawerOpenChange: setDrawerOpen, onSelect } = props
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
      <WebhooksEntry
        onOpen={() => {
          setDrawerOpen(false)
          props.onOpenWebhooks()
        }}
        onPreload={WebhooksDialog.preload}
      />
      <ActivityEntry
        onOpen={() => {
          setDrawerOpen(false)
          props.onOpenActivity()
        }}
        onPreload={ActivityDialog.preload}
      />
    </FolderDrawer>
  )
}
