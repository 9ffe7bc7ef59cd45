import { BULK_COMMANDS } from '../features/bulk-actions'
import type { FileCommand } from '../features/commands'
import { editCommand } from '../features/edit-file'
import { renameCommand } from '../features/library'
import { viewCommand } from '../features/preview'
import { copyLinkCommand, shareCommand } from '../features/share'
import { replaceCommand } from '../features/upload'

/**
 * Every command on files, the one list that names them all (the bulk actions through their feature's
 * own list, `BULK_COMMANDS`): the file menus, the bulk panel, a card's buttons, Details, the keys, the
 * `?` help and the dialog host read it. Each surface sorts by the order
 * each command's `shows` gives it there (tests/src/app/file-commands.test.ts holds the right-click menu
 * to spec section 2 and the bulk panel to spec section 4); Details ends with Delete, apart.
 */
export const FILE_COMMANDS: readonly FileCommand[] = [
  viewCommand,
  editCommand,
  replaceCommand,
  renameCommand,
  copyLinkCommand,
  shareCommand,
  ...BULK_COMMANDS,
]
