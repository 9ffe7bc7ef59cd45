import './activity.css'

import type { MediaRecord } from '../../../contract/record'
import { useFileHistory } from '../api/activity'
import { actorLabel } from '../model/activity-words'
import { ActivityEventItem } from './activity-event'

/**
 * Details' "History": who uploaded the file and who last changed it (the record's `created_by` and
 * `updated_by`), then its latest events from the activity log.
 */
export function FileHistory({ record }: { record: MediaRecord }) {
  const { data, error } = useFileHistory(record.id)
  return (
    <section className="file-history" aria-label="History">
      <h3 className="file-history__heading">History</h3>
      {record.created_by && <p>Uploaded by {actorLabel(record.created_by)}</p>}
      {record.updated_by && <p>Last changed by {actorLabel(record.updated_by)}</p>}
      {error ? (
        <p>Could not load the history.</p>
      ) : !data ? (
        <p>Loading the history...</p>
      ) : data.events.length === 0 ? (
        <p>No recorded changes.</p>
      ) : (
        <ul className="file-history__list">
          {data.events.map((event) => (
            <ActivityEventItem key={event.id} event={event} showFiles={false} />
          ))}
        </ul>
      )}
    </section>
  )
}
