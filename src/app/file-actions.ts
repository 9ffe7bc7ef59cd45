import { Download, Eye, FileUp, FolderInput, Link, Pencil, Tags, TextCursorInput, Trash } from 'lucide-react'
import { useMemo } from 'react'

import type { MediaRecord } from '../contract/record'
import type { ActionName, ActionScope, FileAction } from '../lib/file-action'
import { SCREEN_KEYS } from '../lib/shortcuts'

export type BulkDialogKind = 'bulk-move' | 'bulk-update' | 'bulk-delete'

interface ActionHandlers {
  view: (record: MediaRecord) => void
  edit: (record: MediaRecord) => void
  rename: (record: MediaRecord) => void
  copyLinks: (records: readonly MediaRecord[]) => void
  downloadOne: (record: MediaRecord) => void
  downloadMany: (records: readonly MediaRecord[]) => void
  confirmDelete: (record: MediaRecord) => void
  openBulk: (kind: BulkDialogKind, records: readonly MediaRecord[]) => void
  /** Opens Replace file for the record; without it the menu has no Replace file. */
  replace?: (record: MediaRecord) => void
}

/** The right-click menu: spec section 2's View Details, Edit, Download, Delete, with Copy link before Delete. */
const CONTEXT_ORDER = [
  'view',
  'edit',
  'replace',
  'copy-link',
  'download',
  'delete',
] as const satisfies readonly ActionName[]
/** The bulk panel: spec section 4's move, update, delete, download, then Copy link. */
const BULK_ORDER = [
  'move',
  'update',
  'delete',
  'download',
  'copy-link',
] as const satisfies readonly ActionName[]

function ordered(all: readonly FileAction[], scope: ActionScope, order: readonly ActionName[]) {
  return order.flatMap(
    (name) => all.find((action) => action.name === name && action.scopes.includes(scope)) ?? [],
  )
}

/**
 * Every command on files, in one list: the right-click menu shows the 'context' ones, the bulk panel
 * the 'bulk' ones, and the keyboard runs those with a key (rename has only its key, F2).
 */
export function useFileActions(handlers: ActionHandlers) {
  const { view, edit, rename, copyLinks, downloadOne, downloadMany, confirmDelete, openBulk, replace } =
    handlers
  return useMemo(() => {
    const first = (run: (record: MediaRecord) => void) => (targets: readonly MediaRecord[]) => {
      const record = targets[0]
      if (record !== undefined) run(record)
    }
    const all: FileAction[] = [
      { name: 'view', label: 'View Details', icon: Eye, scopes: ['context'], perform: first(view) },
      { name: 'edit', label: 'Edit', icon: Pencil, scopes: ['context'], perform: first(edit) },
      ...(replace
        ? [
            {
              name: 'replace',
              label: 'Replace file…',
              icon: FileUp,
              scopes: ['context'],
              perform: first(replace),
            } satisfies FileAction,
          ]
        : []),
      {
        name: 'rename',
        label: 'Rename',
        icon: TextCursorInput,
        scopes: [],
        keyTest: SCREEN_KEYS.rename.test,
        keyTargets: 'one',
        perform: first(rename),
      },
      {
        name: 'copy-link',
        label: 'Copy link',
        icon: Link,
        scopes: ['context', 'bulk'],
        perform: (targets) => {
          copyLinks(targets)
        },
      },
      {
        name: 'move',
        label: 'Move',
        icon: FolderInput,
        scopes: ['bulk'],
        perform: (targets) => {
          openBulk('bulk-move', targets)
        },
      },
      {
        name: 'update',
        label: 'Update',
        icon: Tags,
        scopes: ['bulk'],
        perform: (targets) => {
          openBulk('bulk-update', targets)
        },
      },
      {
        name: 'download',
        label: 'Download',
        icon: Download,
        scopes: ['context', 'bulk'],
        perform: (targets, scope) => {
          if (scope === 'context') first(downloadOne)(targets)
          else downloadMany(targets)
        },
      },
      {
        name: 'delete',
        label: 'Delete',
        icon: Trash,
        scopes: ['context', 'bulk'],
        danger: true,
        keyTest: SCREEN_KEYS.delete.test,
        perform: (targets, scope) => {
          if (scope === 'context') first(confirmDelete)(targets)
          else openBulk('bulk-delete', targets)
        },
      },
    ]
    return { all, context: ordered(all, 'context', CONTEXT_ORDER), bulk: ordered(all, 'bulk', BULK_ORDER) }
  }, [view, edit, rename, copyLinks, downloadOne, downloadMany, confirmDelete, openBulk, replace])
}
