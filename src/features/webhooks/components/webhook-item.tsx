import { useState } from 'react'

import type { Webhook } from '../../../contract/webhooks'
import { errorMessage } from '../../../lib/api-errors'
import { sendTestEvent } from '../api/deliveries'
import { deleteWebhook, updateWebhook } from '../api/webhooks'

interface WebhookItemProps {
  webhook: Webhook
  showingDeliveries: boolean
  onShowDeliveries: () => void
  /** After a change: the list (and the deliveries) are asked for again. */
  onChanged: () => void
}

/** One endpoint: where it sends, what, whether it is on (and why not), and what can be done with it. */
export function WebhookItem({ webhook, showingDeliveries, onShowDeliveries, onChanged }: WebhookItemProps) {
  const [confirming, setConfirming] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const act = async (action: () => Promise<unknown>, done: string | null, failed: string) => {
    try {
      await action()
      setNote(done)
      onChanged()
    } catch (error) {
      setNote(errorMessage(error, failed))
    }
  }
  const label = webhook.description || webhook.url
  return (
    <li className="webhooks__item">
      <div className="webhooks__url">{webhook.url}</div>
      {webhook.description && <div>{webhook.description}</div>}
      <div className="webhooks__hint">
        {webhook.events.join(', ')} · secret {webhook.secret_prefix}
      </div>
      <div className={webhook.enabled ? undefined : 'webhooks__off'}>
        {webhook.enabled ? 'On' : (webhook.disabled_reason ?? 'Turned off')}
      </div>
      <div className="webhooks__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void act(() => sendTestEvent(webhook.id), 'Test event queued', 'Could not send the test')
          }
        >
          Send test
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={showingDeliveries}
          onClick={onShowDeliveries}
        >
          Deliveries
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void act(
              () => updateWebhook(webhook.id, { enabled: !webhook.enabled }),
              null,
              'Could not change it',
            )
          }
        >
          {webhook.enabled ? 'Turn off' : 'Turn on'}
        </button>
        {confirming ? (
          <button
            type="button"
            className="button button--danger"
            aria-label={`Delete the webhook ${label} for good`}
            onClick={() => void act(() => deleteWebhook(webhook.id), null, 'Could not delete it')}
          >
            Delete for good
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setConfirming(true)
            }}
          >
            Delete
          </button>
        )}
      </div>
      {note && <p role="status">{note}</p>}
    </li>
  )
}
