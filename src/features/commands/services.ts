import type { MediaRecord } from '../../contract/record'
import type { MoveOption, MoveTarget } from '../../lib/move-target'
import type { MediaCache } from '../../lib/record-changes'
import type { Command, CommandDialogProps } from './command'

/**
 * What the screen gives every command: the record cache, its dialog host, and what only the screen
 * can do (the URL, the list's focus, the selection). A command's own work lives in its module.
 */
export interface FileCommandServices {
  cache: MediaCache
  /** Opens the named command's dialog on the targets (`detail`: a hint for it, such as a field to focus). */
  open: (command: string, targets: readonly MediaRecord[], detail?: string) => void
  /** The file as the list holds it now (a dialog shows the latest version of the file it was opened on). */
  recordById: (id: number) => MediaRecord | undefined
  /** Opens Details on the file. */
  view: (record: MediaRecord) => void
  /** Starts renaming the file's title in place. */
  rename: (record: MediaRecord) => void
  /** Copies the files' addresses, with the toast. */
  copyLinks: (records: readonly MediaRecord[]) => void
  /** Brings back files a delete moved to the Trash (the delete toast's Undo). */
  undoDelete: (records: readonly MediaRecord[]) => void
  /** Where a folder path leads for a move (undefined when the folder is gone): for Undo of a move. */
  folderAt: (path: string) => MoveTarget | undefined
  /** The folders a move may go to. */
  moveOptions: readonly MoveOption[]
  /** Chooses the file that takes the place of files about to leave the list. */
  aimFocusPast: (records: readonly MediaRecord[]) => void
  /** Focuses that file, once a delete's confirmation has closed. */
  focusAfterDelete: () => void
  /** After a move or delete that succeeded for some files: the selection is cleared. */
  afterBulk: () => void
}

export type FileCommand = Command<FileCommandServices>
export type FileCommandDialogProps = CommandDialogProps<FileCommandServices>
