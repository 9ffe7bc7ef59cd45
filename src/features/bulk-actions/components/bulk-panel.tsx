import { X } from 'lucide-react'

import type { MediaRecord } from '../../../contract/record'
import { whenAnswered, type Answer } from '../../../lib/answer'
import type { FileAction } from '../../../lib/file-action'

interface BulkPanelProps {
  count: number
  actions: readonly FileAction[]
  /** The selected files, read when an action starts (not on every render). */
  targets: () => Answer<readonly MediaRecord[]>
  onClear: () => void
}

/** Spec section 2: a floating panel while at least one file is selected; its buttons are the registered bulk actions. */
export function BulkPanel({ count, actions, targets, onClear }: BulkPanelProps) {
  if (count === 0) return null
  return (
    <section className="bulk-panel" aria-label="Bulk operations">
      <span className="bulk-panel__count">
        {count} {count === 1 ? 'file' : 'files'}
      </span>
      {actions.map(({ name, label, icon: Icon, danger, perform }) => (
        <button
          key={name}
          type="button"
          className={`button ${danger ? 'button--danger' : 'button--secondary'}`}
          onClick={() => {
            whenAnswered(targets(), (records) => {
              perform(records, 'bulk')
            })
          }}
        >
          <Icon size={16} aria-hidden="true" />
          {label}
        </button>
      ))}
      <button type="button" className="icon-button" aria-label="Close and clear selection" onClick={onClear}>
        <X size={16} aria-hidden="true" />
      </button>
    </section>
  )
}
