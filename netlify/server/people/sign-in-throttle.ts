import * as z from 'zod'

import type { DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { removeSpentDocuments, type SweepOptions } from '../storage/remove-spent'
import { sha256Hex } from './secret-tokens'

/**
 * Slows down guessing passwords (decision 0074): failed sign-ins are counted per account (the email
 * asked for, whether or not anyone has it, so the answer says nothing about who exists) and per address.
 * Past a few free failures each further try waits twice as long as the one before, up to 15 minutes:
 * nobody is locked out for good, and a quiet day forgets the count. While a wait runs, sign-ins for
 * that account or from that address are answered 429 with `Retry-After` before the password is even
 * checked, so a guess made then learns nothing. The owner's key is never slowed: it is too long to
 * guess, and the owner must always be able to get in.
 *
 * Each count is a small document, `sign-in-failures/{account|address}/{SHA-256 of the email or
 * address}`, changed by compare-and-swap, and removed by the hourly cleanup once it is forgotten.
 */
export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  free: number
  /** The first wait, doubled with each failure after it. */
  firstWaitSeconds: number
  maxWaitSeconds: number
  /** A count this long without a failure starts again from zero. */
  forgetAfterSeconds: number
}

export const THROTTLE_POLICIES = {
  account: { free: 5, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60, forgetAfterSeconds: 24 * 60 * 60 },
  // An office behind one address signs in many people: more free tries, the same growth.
  address: { free: 20, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60, forgetAfterSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, ThrottlePolicy>

export type ThrottleKind = keyof typeof THROTTLE_POLICIES

const failuresSchema = z.object({ failures: z.int().min(0), last_at: z.iso.datetime() })
type Failures = z.infer<typeof failuresSchema>

const PREFIX = 'sign-in-failures/'

export const failuresKey = (kind: ThrottleKind, subject: string) => `${PREFIX}${kind}/${sha256Hex(subject)}`

const parseFailures = (value: unknown): Failures | null => {
  const result = failuresSchema.safeParse(value)
  return result.success ? result.data : null
}

/** The count that stands at `now`: forgotten after a quiet `forgetAfterSeconds`. */
function standing(record: Failures | null, policy: ThrottlePolicy, now: Date): Failures | null {
  if (!record) return null
  const quiet = now.getTime() - Date.parse(record.last_at)
  return quiet >= policy.forgetAfterSeconds * 1000 ? null : record
}

/** Seconds to wait before the next try, 0 when it may go now. */
export function waitSeconds(record: Failures | null, policy: ThrottlePolicy, now: Date): number {
  const current = standing(record, policy, now)
  if (!current || current.failures < policy.free) return 0
  const wait = Math.min(
    policy.firstWaitSeconds * 2 ** (current.failures - policy.free),
    policy.maxWaitSeconds,
  )
  const until = Date.parse(current.last_at) + wait * 1000
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000))
}

/** The subjects of one sign-in: the email asked for and the caller's address. */
export interface SignInSubjects {
  account: string
  address: string
}

const kinds = Object.keys(THROTTLE_POLICIES) as ThrottleKind[]

/** How long this sign-in must wait: the longer of its account's and its address's waits. */
export async function signInWait(
  documents: DocumentStore,
  subjects: SignInSubjects,
  now: Date,
): Promise<number> {
  const waits = await Promise.all(
    kinds.map(async (kind) => {
      const stored = await documents.read(failuresKey(kind, subjects[kind]))
      return waitSeconds(stored ? parseFailures(stored.value) : null, THROTTLE_POLICIES[kind], now)
    }),
  )
  return Math.max(...waits)
}

/** Counts a failed sign-in against its account and its address. */
export async function noteFailure(
  documents: DocumentStore,
  subjects: SignInSubjects,
  now: Date,
): Promise<void> {
  await Promise.all(
    kinds.map((kind) =>
      mutateDocument(documents, failuresKey(kind, subjects[kind]), parseFailures, (current) => {
        const failures = (standing(current, THROTTLE_POLICIES[kind], now)?.failures ?? 0) + 1
        return { next: { failures, last_at: now.toISOString() }, result: undefined }
      }),
    ),
  )
}

/**
 * A sign-in succeeded: the account's count starts again. The address's stays, or one good password
 * would clear the way for guessing at everyone else's from the same address.
 */
export async function noteSuccess(documents: DocumentStore, subjects: SignInSubjects): Promise<void> {
  await documents.remove(failuresKey('account', subjects.account))
}

/** The kind a count's key names, or null for a key of no kind this code keeps. */
function kindOfKey(key: string): ThrottleKind | null {
  const kind = key.slice(PREFIX.length).split('/', 1)[0]
  return kinds.find((known) => known === kind) ?? null
}

/**
 * Removes the counts that are forgotten (the hourly cleanup): a quiet `forgetAfterSeconds` makes a count
 * say what no count says, so an email or address that once failed costs no document after the first
 * cleanup a day past its last failure. A document that is not a count of a known kind says nothing either.
 */
export function removeForgottenFailures(
  documents: DocumentStore,
  now: Date,
  options?: SweepOptions,
): Promise<number> {
  const forgotten = (key: string, value: unknown) => {
    const kind = kindOfKey(key)
    return kind === null || standing(parseFailures(value), THROTTLE_POLICIES[kind], now) === null
  }
  return removeSpentDocuments(documents, PREFIX, forgotten, options)
}
