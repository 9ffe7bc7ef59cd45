import { Download, Eye, FolderInput, Pencil, Tags, Trash } from 'lucide-react'
import { useMemo } from 'react'

import type { MediaRecord } from '../contract/record'
import type { FileAction } from '../lib/file-action'

export type BulkDialogKind = 'bulk-move' | 'bulk-update' | 'bulk-delete'

interface ActionHandlers {
  view: (record: MediaRecord) => void
  edit: (record: MediaRecord) => void
  downloadOne: (record: MediaRecord) => void
  downloadMany: (records: readonly MediaRecord[]) => void
  confirmDelete: (record: MediaRecord) => void
  openBulk: (kind: BulkDialogKind, records: readonly MediaRecord[]) => void
}

const isDeleteKey = (event: KeyboardEvent) =>
  event.key === 'Delete' && !event.ctrlKey && !event.metaKey && !event.altKey

/**
 * Every command on files, in one list: the right-click menu shows the 'context' ones (spec: View
 * Details, Edit, Download, Delete), the bulk panel the 'bulk' ones (move, update, delete, download),
 * and the keyboard runs those with a key.
 */
export function useFileActions(handlers: ActionHandlers) {
  const { view, edit, downloadOne, downloadMany, confirmDelete, openBulk } = handlers
  return useMemo(() => {
    const first = (run: (record: MediaRecord) => void) => (targets: readonly MediaRecord[]) => {
      const record = targets[0]
      if (record !== undefined) run(record)
    }
    const all: FileAction[] = [
      { name: 'view', label: 'View Details', icon: Eye, scopes: ['context'], perform: first(view) },
      { name: 'edit', label: 'Edit', icon: Pencil, scopes: ['context'], perform: first(edit) },
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
        keyTest: isDeleteKey,
        perform: (targets, scope) => {
          if (scope === 'context') first(confirmDelete)(targets)
          else openBulk('bulk-delete', targets)
        },
      },
    ]
    const CONTEXT_ORDER = ['view', 'edit', 'download', 'delete']
    const BULK_ORDER = ['move', 'update', 'delete', 'download']
    const ordered = (scope: 'context' | 'bulk', order: string[]) =>
      all
        .filter((action) => action.scopes.includes(scope))
        .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
    return { all, context: ordered('context', CONTEXT_ORDER), bulk: ordered('bulk', BULK_ORDER) }
  }, [view, edit, downloadOne, downloadMany, confirmDelete, openBulk])
}
