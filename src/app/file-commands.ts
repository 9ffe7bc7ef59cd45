import { deleteCommand } from '../features/bulk-actions/commands/delete'
import { downloadCommand } from '../features/bulk-actions/commands/download'
import { moveCommand } from '../features/bulk-actions/commands/move'
import { updateCommand } from '../features/bulk-actions/commands/update'
import type { FileCommand } from '../features/commands'
import { editCommand } from '../features/edit-file/commands/edit'
import { renameCommand } from '../features/library/commands/rename'
import { viewCommand } from '../features/preview/commands/view'
import { replaceCommand } from '../features/replace-file/commands/replace'
import { copyLinkCommand } from '../features/share/commands/copy-link'
import { shareCommand } from '../features/share/commands/share'

/**
 * Every command on files, the one list that names them all: the file menus, the bulk panel, a card's
 * buttons, Details, the keys, the `?` help and the dialog host read it. Each surface sorts by the order
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
  moveCommand,
  updateCommand,
  downloadCommand,
  deleteCommand,
]
