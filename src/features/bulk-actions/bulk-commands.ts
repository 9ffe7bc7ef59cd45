import type { FileCommand } from '../commands'
import { deleteCommand } from './commands/delete'
import { downloadCommand } from './commands/download'
import { moveCommand } from './commands/move'
import { updateCommand } from './commands/update'

/**
 * The commands of this feature, each its own module under `commands/`, named in the screen's one list
 * (`FILE_COMMANDS`, src/app/file-commands.ts) through this one: a new bulk action is its module and a
 * line here (decision 0084). Each surface orders them by their `shows`, not by this list.
 */
export const BULK_COMMANDS: readonly FileCommand[] = [
  moveCommand,
  updateCommand,
  downloadCommand,
  deleteCommand,
]
