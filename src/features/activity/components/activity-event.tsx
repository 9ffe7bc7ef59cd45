import type { ActivityEvent } from '../../../contract/activity'
import { formatDateTime } from '../../../lib/format-date'
import {
  ACTION_LABELS,
  actedOn,
  actorLabel,
  changeLines,
  detailWords,
  namedFile,
} from '../model/activity-words'

interface ActivityEventProps {
  event: ActivityEvent
  /** Whether the line names the files (not in one file's own history, which is about that file). */
  showFiles: boolean
  /** Opens a file's Details: given, the one file a line names is a link to it. */
  onOpenFile?: (id: number) => void
}

/** One event of the log: who, what, to what, when, and an edit's fields before and after. */
export function ActivityEventItem({ event, showFiles, onOpenFile }: ActivityEventProps) {
  const lines = changeLines(event)
  // A file deleted for good has no Details to open.
  const file = showFiles && onOpenFile && event.action !== 'file.purged' ? namedFile(event) : null
  return (
    <li className="activity__event">
      <div>
        <strong>{actorLabel(event.actor)}</strong> {ACTION_LABELS[event.action].toLowerCase()}
        {file && onOpenFile ? (
          <>
            {file.before}{' '}
            <button
              type="button"
              className="link-button activity__file"
              onClick={() => {
                onOpenFile(file.id)
              }}
            >
              {file.name}
            </button>
            {detailWords(event)}
          </>
        ) : (
          actedOn(event, showFiles)
        )}
      </div>
      <time className="activity__when" dateTime={event.at}>
        {formatDateTime(event.at)}
      </time>
      {lines.length > 0 && (
        <ul className="activity__changes">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  )
}
