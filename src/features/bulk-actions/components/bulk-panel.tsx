import { X } from 'lucide-react'
import { useState } from 'react'

import { busyButton } from '../../../components/ui/busy-button'
import type { MediaRecord } from '../../../contract/record'
import { whenAnswered, type Answer } from '../../../lib/answer'
import { thousands } from '../../../lib/plural'
import type { FileAction } from '../../commands'

interface BulkPanelProps {
  count: number
  actions: readonly FileAction[]
  /**
   * The selected files, read when an action starts (not on every render); a select-all's are gathered
   * where the library lives, `progress` hearing how many so far.
   */
  targets: (progress?: (done: number, total: number) => void) => Answer<readonly MediaRecord[]>
  onClear: () => void
}

/** Spec section 2: a floating panel while at least one file is selected; its buttons are the registered bulk actions. */
export function BulkPanel({ count, actions, targets, onClear }: BulkPanelProps) {
  // While a select-all's files are gathered: how many so far, of how many.
  const [preparing, setPreparing] = useState<{ done: number; total: number } | null>(null)
  if (count === 0) return null
  return (
    <section className="bulk-panel" aria-label="Bulk operations" aria-busy={preparing !== null}>
      <span className="bulk-panel__count">
        {thousands(count)} {count === 1 ? 'file' : 'files'}
      </span>
      {preparing !== null && (
        <span className="bulk-panel__preparing" role="status">
          {`Preparing ${thousands(preparing.done)} of ${thousands(preparing.total)} files...`}
        </span>
      )}
      {actions.map(({ name, label, icon: Icon, danger, perform }) => (
        // Busy while the files are gathered, so the dialog the action opens hands the focus back here.
        <button
          key={name}
          type="button"
          className={`button ${danger ? 'button--danger' : 'button--secondary'}`}
          {...busyButton(preparing !== null, () => {
            const files = targets((done, total) => {
              setPreparing({ done, total })
            })
            if (files instanceof Promise) setPreparing((shown) => shown ?? { done: 0, total: count })
            whenAnswered(files, (records) => {
              setPreparing(null)
              perform(records, 'bulk')
            })
          })}
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
