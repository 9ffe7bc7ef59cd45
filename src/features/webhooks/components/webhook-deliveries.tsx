import { useState } from 'react'

import type { Delivery } from '../../../contract/webhooks'
import { errorMessage } from '../../../lib/api-errors'
import { formatDateTime } from '../../../lib/format-date'
import { countOf } from '../../../lib/plural'
import { resendDelivery, useDeliveries } from '../api/deliveries'

// To the second: a retry and the next delivery may fall in one minute, and each row's button is named by it.
const when = (iso: string) => formatDateTime(iso, 'second')

/** What the last attempt came to: the receiver's status, or why none came. */
function lastResult(delivery: Delivery): string {
  const last = delivery.attempts[delivery.attempts.length - 1]
  if (!last) return 'Not sent yet'
  return last.status_code === null ? (last.error ?? 'No answer') : `HTTP ${String(last.status_code)}`
}

const STATE_LABELS: Record<Delivery['state'], string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed',
}

/** An endpoint's latest deliveries, newest first, each with a way to send it again. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { data, error, mutate } = useDeliveries(webhookId)
  const [failure, setFailure] = useState<string | null>(null)
  if (!data) {
    if (error)
      return <p role="alert">Could not load the deliveries: {errorMessage(error, 'Network error')}</p>
    return <p className="webhooks__hint">Loading deliveries…</p>
  }
  if (data.length === 0) return <p className="webhooks__hint">Nothing has been sent to this webhook yet.</p>
  const resend = async (delivery: Delivery) => {
    try {
      setFailure(null)
      await resendDelivery(webhookId, delivery.id)
      await mutate()
    } catch (failed) {
      setFailure(errorMessage(failed, 'Could not send it again'))
    }
  }
  return (
    <>
      {failure && <p role="alert">{failure}</p>}
      {/* Seven columns: on a phone the table scrolls sideways in its frame, not the dialog. */}
      <div className="webhooks__table-frame">
        <table className="webhooks__table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Sent</th>
              <th scope="col">State</th>
              <th scope="col">Result</th>
              <th scope="col">Took</th>
              <th scope="col">Next try</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((delivery) => {
              const last = delivery.attempts[delivery.attempts.length - 1]
              return (
                <tr key={delivery.id}>
                  <td>{delivery.event}</td>
                  <td>{when(delivery.created_at)}</td>
                  <td>
                    {STATE_LABELS[delivery.state]} ({countOf(delivery.attempts.length, 'try', 'tries')})
                  </td>
                  <td>{lastResult(delivery)}</td>
                  <td>{last ? `${String(last.duration_ms)} ms` : '—'}</td>
                  <td>{delivery.next_attempt_at ? when(delivery.next_attempt_at) : '—'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Send the ${delivery.event} of ${when(delivery.created_at)} again`}
                      onClick={() => void resend(delivery)}
                    >
                      Re-send
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
