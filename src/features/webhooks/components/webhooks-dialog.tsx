import './webhooks.css'

import { useState } from 'react'
import { useSWRConfig } from 'swr'

import { Dialog } from '../../../components/ui/dialog'
import { OneTimeSecret } from '../../../components/ui/one-time-secret'
import type { WebhookCreated } from '../../../contract/webhooks'
import { errorMessage } from '../../../lib/api-errors'
import { deliveriesKey } from '../api/deliveries'
import { useWebhooks } from '../api/webhooks'
import { AddWebhookForm } from './add-webhook-form'
import { WebhookDeliveries } from './webhook-deliveries'
import { WebhookItem } from './webhook-item'

interface WebhooksDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The Webhooks page: the addresses told of every change to files and folders, each request signed with
 * the address's own secret (Standard Webhooks); their deliveries, a test event and a re-send.
 */
export function WebhooksDialog({ open, onOpenChange }: WebhooksDialogProps) {
  const webhooks = useWebhooks(open)
  const { mutate } = useSWRConfig()
  const [created, setCreated] = useState<WebhookCreated | null>(null)
  const [showing, setShowing] = useState<string | null>(null)
  const refresh = (id: string) => {
    void webhooks.mutate()
    void mutate(deliveriesKey(id))
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Webhooks"
      description="Addresses that are sent each change to files and folders, signed so they can check it came from here."
    >
      <section className="webhooks__section" aria-labelledby="webhooks-list">
        <h3 id="webhooks-list" className="webhooks__heading">
          Webhooks
        </h3>
        {webhooks.error && !webhooks.data && (
          <p role="alert">Could not load the webhooks: {errorMessage(webhooks.error, 'Network error')}</p>
        )}
        {webhooks.data?.length === 0 && <p className="webhooks__hint">No webhooks yet.</p>}
        <ul className="webhooks__list">
          {webhooks.data?.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              webhook={webhook}
              showingDeliveries={showing === webhook.id}
              onShowDeliveries={() => {
                setShowing(showing === webhook.id ? null : webhook.id)
              }}
              onChanged={() => {
                refresh(webhook.id)
              }}
            />
          ))}
        </ul>
      </section>
      {showing !== null && (
        <section className="webhooks__section" aria-label="Deliveries">
          <h3 className="webhooks__heading">Deliveries</h3>
          <WebhookDeliveries webhookId={showing} />
        </section>
      )}
      <section className="webhooks__section" aria-labelledby="webhooks-add">
        <h3 id="webhooks-add" className="webhooks__heading">
          Add a webhook
        </h3>
        {created && (
          <OneTimeSecret
            label={`Signing secret of ${created.url}`}
            value={created.secret}
            note="Added. Its signing secret is shown only now: copy it into the receiver to verify each request."
          />
        )}
        <AddWebhookForm
          onAdded={(made) => {
            setCreated(made)
            void webhooks.mutate()
          }}
        />
      </section>
    </Dialog>
  )
}
