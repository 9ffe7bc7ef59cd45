import './one-time-secret.css'

import { Copy } from 'lucide-react'
import { useState } from 'react'

import { copyText } from '../../lib/clipboard'

interface OneTimeSecretProps {
  /** What the secret is, read before it: "Invitation link for dana@example.com". */
  label: string
  value: string
  /** Why it is shown only now. */
  note: string
}

/**
 * A secret the server answers once (an invitation link, an API token, a webhook's signing secret):
 * shown whole, with Copy, and the warning that it will not be shown again.
 */
export function OneTimeSecret({ label, value, note }: OneTimeSecretProps) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  return (
    <div role="status" className="one-time-secret">
      <p className="one-time-secret__label">{label}</p>
      <p className="one-time-secret__value">
        <code>{value}</code>
      </p>
      <p className="one-time-secret__note">{note}</p>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          copyText(value).then(
            () => {
              setCopied('yes')
            },
            () => {
              setCopied('failed')
            },
          )
        }}
      >
        <Copy size={14} aria-hidden="true" />
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </button>
      {copied === 'failed' && (
        <span className="one-time-secret__note"> Could not copy: select the text and copy it.</span>
      )}
    </div>
  )
}
