import type { ActivityEvent } from '../../../contract/activity'
import { formatDateTime } from '../../../lib/format-date'
import { ACTION_LABELS, actedOn, actorLabel, changeLines } from '../model/activity-words'

/** One event of the log: who, what, to what, when, and an edit's fields before and after. */
export function ActivityEventItem({ event, showFiles }: { event: ActivityEvent; showFiles: boolean }) {
  const lines = changeLines(event)
  return (
    <li className="activity__event">
      <div>
        <strong>{actorLabel(event.actor)}</strong> {ACTION_LABELS[event.action].toLowerCase()}
        {actedOn(event, showFiles)}
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
