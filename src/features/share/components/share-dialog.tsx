import { useState, type SyntheticEvent } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { SHARE_EXPIRY_CHOICES } from '../../../contract/shares'
import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { Select } from '../../../components/ui/select'
import { SHARE_WORDS } from '../model/share-words'
import { createAndCopyShare } from './share-links'

const EXPIRY_OPTIONS = SHARE_EXPIRY_CHOICES.map((choice) => ({
  value: String(choice.hours),
  label: choice.label,
}))

/**
 * "Share link (expires)…" from a file's menu: the expiry, then a link made and copied, with the same
 * toasts as Details' Create share link. Details lists the file's links, to revoke one.
 */
export function ShareDialog({ record, onClose }: { record: MediaRecord | null; onClose: () => void }) {
  const [hours, setHours] = useState(String(SHARE_EXPIRY_CHOICES[1].hours))
  const [pending, setPending] = useState(false)
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (record === null) return
    setPending(true)
    void createAndCopyShare(record.id, Number(hours)).then((made) => {
      setPending(false)
      if (made) onClose()
    })
  }
  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Share link"
      description={
        record === null
          ? ''
          : `Anyone with the link can open "${record.title}" until it expires, or until you revoke it in Details.`
      }
    >
      <form className="form" noValidate onSubmit={submit}>
        <div className="form__field">
          <span>{SHARE_WORDS.expiry}</span>
          <Select
            label={SHARE_WORDS.expiry}
            value={hours}
            options={EXPIRY_OPTIONS}
            onValueChange={setHours}
          />
        </div>
        <FormFooter
          onCancel={onClose}
          submitLabel="Create and copy link"
          pendingLabel="Creating..."
          pending={pending}
        />
      </form>
    </Dialog>
  )
}
