import { useMemo } from 'react'

import { bindCommands, type CommandHandlers } from '../lib/file-action'

export type { BulkDialogKind } from '../lib/file-action'

/**
 * The registered commands (src/lib/file-action.ts) bound to the screen's handlers: the right-click
 * menu shows `context`, the bulk panel `bulk`, and the keyboard runs those of `all` with a key.
 */
export function useFileActions(handlers: CommandHandlers) {
  const { view, edit, rename, copyLinks, downloadOne, downloadMany, confirmDelete, openBulk, replace } =
    handlers
  return useMemo(
    () =>
      bindCommands({
        view,
        edit,
        rename,
        copyLinks,
        downloadOne,
        downloadMany,
        confirmDelete,
        openBulk,
        replace,
      }),
    [view, edit, rename, copyLinks, downloadOne, downloadMany, confirmDelete, openBulk, replace],
  )
}
