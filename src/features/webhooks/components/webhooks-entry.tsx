import './webhooks.css'

import { Webhook } from 'lucide-react'

interface WebhooksEntryProps {
  onOpen: () => void
  /** Loads the page's code before the click (on hover or focus). */
  onPreload?: () => void
}

/** The sidebar's way into the Webhooks page. */
export function WebhooksEntry({ onOpen, onPreload }: WebhooksEntryProps) {
  return (
    <button
      type="button"
      className="tree__item webhooks-entry"
      onClick={onOpen}
      onPointerOver={onPreload}
      onFocus={onPreload}
    >
      <span className="tree__spacer" aria-hidden="true" />
      <Webhook size={16} aria-hidden="true" />
      <span className="tree__label">Webhooks</span>
    </button>
  )
}
