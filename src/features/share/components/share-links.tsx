import { useState } from 'react'

import { busyButton } from '../../../components/ui/busy-button'
import { SHARE_EXPIRY_CHOICES } from '../../../contract/shares'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-errors'
import { copyText } from '../../../lib/clipboard'
import type { CreatedShare } from '../../../contract/shares'
import { createShare, revokeShare, useShares } from '../api/shares'
import { copiedHint, expiryWords, SHARE_WORDS } from '../model/share-words'

import './share-links.css'

/** Copies a share link, with the toast that says until when it opens, or `failed` if the browser refused. */
async function copyShareLink(share: CreatedShare, failed: { title: string; description: string }) {
  try {
    await copyText(share.url)
    toast.success(SHARE_WORDS.copied, { description: copiedHint(share.expires_at) })
  } catch {
    toast.error(failed.title, { description: failed.description })
  }
}

/** Makes a share link and copies it, with a toast either way; answers whether it was made. */
export async function createAndCopyShare(fileId: number, hours: number): Promise<boolean> {
  let created
  try {
    created = await createShare(fileId, hours)
  } catch (error) {
    toast.error(SHARE_WORDS.createFailed, { description: errorMessage(error, 'an unexpected error') })
    return false
  }
  await copyShareLink(created, {
    title: SHARE_WORDS.copyFailed,
    description: 'It is listed in Details under Share links.',
  })
  return true
}

/**
 * Details' share links: each active link with its expiry, Copy link and Revoke, for as long as it lives,
 * and Create share link.
 */
export function ShareLinks({ fileId }: { fileId: number }) {
  const { data, error, mutate } = useShares(fileId)
  const [hours, setHours] = useState<number>(SHARE_EXPIRY_CHOICES[1].hours)
  const [busy, setBusy] = useState(false)
  const selectId = `share-expiry-${String(fileId)}`

  const create = async () => {
    setBusy(true)
    if (await createAndCopyShare(fileId, hours)) await mutate()
    setBusy(false)
  }
  const revoke = async (shareId: string) => {
    try {
      await revokeShare(shareId)
      toast.success(SHARE_WORDS.revoked)
    } catch (failure) {
      toast.error(SHARE_WORDS.revokeFailed, {
        description: errorMessage(failure, 'an unexpected error'),
      })
    }
    await mutate()
  }

  return (
    <section className="share-links" aria-label={SHARE_WORDS.heading}>
      <h3 className="share-links__heading">{SHARE_WORDS.heading}</h3>
      {error ? (
        <p>{SHARE_WORDS.listFailed}</p>
      ) : data && data.length === 0 ? (
        <p>{SHARE_WORDS.none}</p>
      ) : (
        <ul className="share-links__list">
          {(data ?? []).map((share) => (
            <li key={share.id} className="share-links__item">
              <span>{expiryWords(share.expires_at)}</span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Copy the link that ${expiryWords(share.expires_at).toLowerCase()}`}
                onClick={() =>
                  void copyShareLink(share, {
                    title: SHARE_WORDS.copyAgainFailed,
                    description: 'The browser did not allow it.',
                  })
                }
              >
                {SHARE_WORDS.copy}
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Revoke the link that ${expiryWords(share.expires_at).toLowerCase()}`}
                onClick={() => void revoke(share.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="share-links__create">
        <label htmlFor={selectId}>{SHARE_WORDS.expiry}</label>
        <select
          id={selectId}
          value={hours}
          onChange={(event) => {
            setHours(Number(event.target.value))
          }}
        >
          {SHARE_EXPIRY_CHOICES.map((choice) => (
            <option key={choice.hours} value={choice.hours}>
              {choice.label}
            </option>
          ))}
        </select>
        <button type="button" className="button button--secondary" {...busyButton(busy, () => void create())}>
          {SHARE_WORDS.create}
        </button>
      </div>
    </section>
  )
}
