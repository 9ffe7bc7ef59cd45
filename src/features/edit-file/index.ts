/**
 * The Edit command (its alt text field opened from Details), the update call and the title's rule
 * (inline rename saves through them), and the image settings' save. The lint rule lets others import
 * only this file of the feature.
 */
export { updateFile } from './api/update-file'
export { ALT_TEXT_FIELD, editCommand } from './commands/edit'
export { titleProblem } from './model/title-problem'
export { useAdjustImage } from './use-adjust-image'
