/**
 * The commands on many files (move, update, download, delete: `BULK_COMMANDS`), the panel that shows
 * them over a selection, moving files (a drop on a folder), and saving one file (`downloadOne`). The
 * lint rule lets others import only this file.
 */
export { BULK_COMMANDS } from './bulk-commands'
export { downloadOne } from './commands/download'
export { moveFiles } from './commands/move'
export { BulkPanel } from './components/bulk-panel'
export { NO_FILES_SELECTED } from './model/bulk-operations'
