import { useState, type SyntheticEvent } from 'react'

import { busyButton } from '../../../components/ui/busy-button'
import { FormError } from '../../../components/ui/form-error'
import { usePendingAction } from '../../../components/ui/use-pending-action'
import { CHANGE_EVENT_TYPES, type ChangeEventType, type WebhookCreated } from '../../../contract/webhooks'
import { createWebhook } from '../api/webhooks'

interface AddWebhookFormProps {
  onAdded: (created: WebhookCreated) => void
}

/** Adds an endpoint: its address, the events it wants (all to start with) and a note on what it is for. */
export function AddWebhookForm({ onAdded }: AddWebhookFormProps) {
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<readonly ChangeEventType[]>(CHANGE_EVENT_TYPES)
  const { pending, error, run } = usePendingAction()

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    await run(async () => {
      onAdded(await createWebhook({ url, events: [...events], description }))
      setUrl('')
      setDescription('')
    }, 'Could not add the webhook')
  }

  const toggle = (type: ChangeEventType, on: boolean) => {
    setEvents((current) => (on ? [...current, type] : current.filter((each) => each !== type)))
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <label className="form__field">
        <span>Address (https)</span>
        <input
          type="url"
          value={url}
          placeholder="https://example.com/webhooks"
          onChange={(event) => {
            setUrl(event.target.value)
          }}
        />
      </label>
      <label className="form__field">
        <span>Description</span>
        <input
          value={description}
          onChange={(event) => {
            setDescription(event.target.value)
          }}
        />
      </label>
      <fieldset className="webhooks__events">
        <legend>Events</legend>
        {CHANGE_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) => {
                toggle(type, event.target.checked)
              }}
            />{' '}
            {type}
          </label>
        ))}
      </fieldset>
      <FormError error={error} />
      <div className="webhooks__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={url.trim() === '' || events.length === 0}
          {...busyButton(pending)}
        >
          {pending ? 'Adding…' : 'Add webhook'}
        </button>
      </div>
    </form>
  )
}
