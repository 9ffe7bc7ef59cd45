import { randomBytes } from 'node:crypto'

import { ACCESS_COOKIE_MAX_AGE_SECONDS } from '../../../src/contract/access'
import { StorageUnavailableError, type DocumentStore } from '../storage/document-store'
import type { SessionClaim } from './access-credentials'

/**
 * The sign-in sessions (decision 0035): one small document per session, `sessions/{expires}.{id}`,
 * written at sign-in and removed at sign-out. The gate reads it on every call that comes with the
 * cookie, so a session ended anywhere stops opening anything at once. The expiry is part of the key, so
 * the hourly cleanup finds the expired ones from a listing alone.
 */
const PREFIX = 'sessions/'

/** Bytes of randomness in a session id: 22 base64url characters, beyond guessing (and signed besides). */
const SESSION_ID_BYTES = 16

export function sessionKey({ id, expires }: SessionClaim): string {
  return `${PREFIX}${String(expires).padStart(12, '0')}.${id}`
}

/**
 * The stored record of a session: when it began, and whose it is: the person who signed in with a
 * password, or no one for a sign-in with the owner's key (decision 0074).
 */
export interface SessionRecord {
  started: string
  person?: string
}

/** Starts a session lasting as long as the cookie that names it, for `person` or the owner. */
export async function startSession(store: DocumentStore, now: Date, person?: string): Promise<SessionClaim> {
  const claim = {
    id: randomBytes(SESSION_ID_BYTES).toString('base64url'),
    expires: Math.floor(now.getTime() / 1000) + ACCESS_COOKIE_MAX_AGE_SECONDS,
  }
  const record: SessionRecord = { started: now.toISOString(), ...(person === undefined ? {} : { person }) }
  const etag = await store.write(sessionKey(claim), record, { ifNew: true })
  // A write the store did not confirm ('') may not have happened: the sign-in fails (503) rather than
  // hand out a cookie that opens nothing.
  if (etag === null || (etag === '' && (await store.read(sessionKey(claim))) === null)) {
    throw new StorageUnavailableError('The sign-in could not be recorded')
  }
  return claim
}

/** The session's record while it stands, else null: one read of one small document. */
export async function standingSession(
  store: DocumentStore,
  claim: SessionClaim,
): Promise<SessionRecord | null> {
  const stored = await store.read(sessionKey(claim))
  if (stored === null) return null
  const value = stored.value as Partial<SessionRecord> | null
  return {
    started: typeof value?.started === 'string' ? value.started : new Date(0).toISOString(),
    ...(typeof value?.person === 'string' ? { person: value.person } : {}),
  }
}

export async function endSession(store: DocumentStore, claim: SessionClaim): Promise<void> {
  await store.remove(sessionKey(claim))
}

/**
 * Removes `keys`, 8 at a time. Written here rather than taken from the record code, which would bring the
 * record schemas into every function the gate is part of.
 */
async function removeAll(store: DocumentStore, keys: readonly string[]): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < keys.length) await store.remove(keys[next++] ?? '')
  }
  await Promise.all(Array.from({ length: Math.min(8, keys.length) }, worker))
}

/** Ends every session ("sign out everywhere"): how many there were. */
export async function endEverySession(store: DocumentStore): Promise<number> {
  const keys = (await store.list(PREFIX)).map(({ key }) => key)
  await removeAll(store, keys)
  return keys.length
}

/** Removes the records of sessions whose cookies have expired (the hourly cleanup): how many. */
export async function removeExpiredSessions(store: DocumentStore, now: Date, max = 2_000): Promise<number> {
  const newestExpired = sessionKey({ id: '', expires: Math.floor(now.getTime() / 1000) })
  const expired = (await store.list(PREFIX))
    .map(({ key }) => key)
    .filter((key) => key < newestExpired)
    .slice(0, max)
  await removeAll(store, expired)
  return expired.length
}
