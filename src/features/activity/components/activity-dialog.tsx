import './activity.css'

import { useMemo, useState } from 'react'

import { Dialog } from '../../../components/ui/dialog'
import { ACTIVITY_ACTIONS } from '../../../contract/activity'
import { errorMessage } from '../../../lib/api-errors'
import { useActivity, type ActivityFilters } from '../api/activity'
import { activityCsv, saveCsv } from '../model/activity-csv'
import { ACTION_LABELS, actorLabel } from '../model/activity-words'
import { ActivityEventItem, type ActivityLinks } from './activity-event'

interface ActivityDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where the lines' names lead; the panel closes first. */
  links: ActivityLinks
}

/**
 * The Activity panel (admins): who did what, newest first, filtered by actor, action and file, a page
 * at a time; Export CSV saves the events shown.
 */
export function ActivityDialog({ open, onOpenChange, links }: ActivityDialogProps) {
  const closing = useMemo<ActivityLinks>(
    () => ({
      isFolder: links.isFolder,
      openFile: (id) => {
        onOpenChange(false)
        links.openFile(id)
      },
      openFolder: (path) => {
        onOpenChange(false)
        links.openFolder(path)
      },
    }),
    [links, onOpenChange],
  )
  const [filters, setFilters] = useState<ActivityFilters>({})
  const [fileText, setFileText] = useState('')
  const activity = useActivity(filters, open)
  const { events } = activity
  // The actors to filter by: those among the events shown (with one chosen, that one).
  const actors = new Map(events.map((event) => [event.actor.id, actorLabel(event.actor)]))

  const choose = (change: Partial<ActivityFilters>) => {
    setFilters((current) => ({ ...current, ...change }))
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Activity"
      description="Who did what: every change to files and folders, sign-ins, people, tokens, share links and syncs."
    >
      <form
        className="activity__filters"
        onSubmit={(event) => {
          event.preventDefault()
          const id = Number.parseInt(fileText, 10)
          choose({ file_id: fileText.trim() === '' || Number.isNaN(id) ? undefined : id })
        }}
      >
        <label className="form__field">
          <span>Who</span>
          <select
            value={filters.actor ?? ''}
            onChange={(event) => {
              choose({ actor: event.target.value || undefined })
            }}
          >
            <option value="">Everyone</option>
            {[...actors].map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="form__field">
          <span>Action</span>
          <select
            value={filters.action ?? ''}
            onChange={(event) => {
              choose({ action: event.target.value || undefined })
            }}
          >
            <option value="">Every action</option>
            {ACTIVITY_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </label>
        <label className="form__field">
          <span>File id</span>
          <input
            inputMode="numeric"
            value={fileText}
            onChange={(event) => {
              setFileText(event.target.value)
            }}
          />
        </label>
        <button type="submit" className="button button--secondary">
          Show
        </button>
      </form>
      {activity.error && (
        <p role="alert">Could not load the activity: {errorMessage(activity.error, 'Network error')}</p>
      )}
      {activity.loaded && events.length === 0 && !activity.lookingFurther && !activity.more && (
        <p className="webhooks__hint">Nothing yet.</p>
      )}
      <ul className="activity__list" aria-label="Events">
        {events.map((event) => (
          <ActivityEventItem key={event.id} event={event} showFiles links={closing} />
        ))}
      </ul>
      {activity.lookingFurther && (
        <p className="webhooks__hint" role="status">
          Looking further back...
        </p>
      )}
      <div className="activity__actions">
        {activity.more && (
          <button type="button" className="button button--secondary" onClick={activity.showMore}>
            Show more
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={events.length === 0}
          onClick={() => {
            saveCsv(activityCsv(events), 'activity.csv')
          }}
        >
          Export CSV
        </button>
      </div>
    </Dialog>
  )
}
