import type { IncomingFiles, RejectedFile } from './validate-files'

/**
 * The Upload dialog's own state, beside its batch (batch-state.ts) and its URL import: which tab, which
 * folder, what the last drop refused, and the footer's line. The dialog's steps are events here: files
 * dropped, a start checked, a run summarized, closed.
 */

/** The dialog's two ways in: files from this computer, or addresses the server fetches files from. */
export type Tab = 'files' | 'urls'

export interface DialogState {
  tab: Tab
  /** The folder picked in the dialog, or null for the one the person is looking at. */
  chosenFolder: string | null
  /** The spec's alert for a drop that would pass the batch's limit. */
  alert: string | null
  /** The files the last drop refused, each with why. */
  rejected: readonly RejectedFile[]
  /**
   * The footer's line: why the details cannot be sent, or the summary of a run some files of which
   * failed (a run that stored everything closes the dialog instead).
   */
  message: string | null
}

export type DialogEvent =
  | { type: 'tab-chosen'; tab: Tab }
  | { type: 'folder-chosen'; path: string }
  | { type: 'files-dropped'; checked: Pick<IncomingFiles, 'alert' | 'rejected'> }
  /** Start upload or Import pressed: the details' problem, or null when they can be sent. */
  | { type: 'start-checked'; problem: string | null }
  /** A failed file tried again: the last summary no longer stands. */
  | { type: 'retried' }
  /** A run ended with files left behind: what it says. */
  | { type: 'run-summarized'; message: string }
  | { type: 'closed' }

export const OPENED: DialogState = {
  tab: 'files',
  chosenFolder: null,
  alert: null,
  rejected: [],
  message: null,
}

export function dialogReducer(state: DialogState, event: DialogEvent): DialogState {
  switch (event.type) {
    case 'tab-chosen':
      return { ...state, tab: event.tab, message: null }
    case 'folder-chosen':
      return { ...state, chosenFolder: event.path }
    case 'files-dropped':
      return { ...state, alert: event.checked.alert, rejected: event.checked.rejected }
    case 'start-checked':
      return { ...state, message: event.problem }
    case 'retried':
      return { ...state, message: null }
    case 'run-summarized':
      return { ...state, message: event.message }
    case 'closed':
      return OPENED
  }
}
