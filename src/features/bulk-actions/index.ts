/**
 * The commands on many files (move, update, download, delete), the panel that shows them over a
 * selection, and moving files (a drop on a folder). The lint rule lets others import only this file.
 */
export { deleteCommand } from './commands/delete'
export { downloadCommand } from './commands/download'
export { moveCommand, moveFiles } from './commands/move'
export { updateCommand } from './commands/update'
export { BulkPanel } from './components/bulk-panel'
export { NO_FILES_SELECTED } from './model/bulk-operations'
