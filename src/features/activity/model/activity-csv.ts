import type { ActivityEvent } from '../../../contract/activity'
import { ACTION_LABELS, actorLabel } from './activity-words'

const HEADER = ['Time', 'Actor', 'Actor type', 'Actor id', 'Action', 'Files', 'Detail']

/**
 * A CSV cell: quoted, quotes doubled, and a value a spreadsheet would run as a formula (`=`, `+`, `-`,
 * `@`, a tab or a return first) set off with `'`, since names and titles are anyone's text.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/** The events shown, as CSV (RFC 4180, CRLF lines): what the Activity panel's export saves. */
export function activityCsv(events: readonly ActivityEvent[]): string {
  const rows = events.map((event) => [
    event.at,
    actorLabel(event.actor),
    event.actor.type,
    event.actor.id,
    ACTION_LABELS[event.action],
    event.file_ids.join(' '),
    Object.keys(event.detail).length === 0 ? '' : JSON.stringify(event.detail),
  ])
  return [HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

/** Saves `csv` as a file named `name`, from the page itself (nothing asks the server). */
export function saveCsv(csv: string, name: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 0)
}
