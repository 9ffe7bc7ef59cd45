import type { DocumentStore } from '../storage/document-store'
import { verifyAgainstNobody, verifyPassword } from './passwords'
import { noteFailure, noteSuccess, signInWait, type SignInSubjects } from './sign-in-throttle'
import { readTeam, type StoredPerson } from './team-document'

export type PasswordSignIn =
  { kind: 'signed-in'; person: StoredPerson } | { kind: 'refused' } | { kind: 'wait'; seconds: number }

/**
 * Checks an email and password. While the account or the address must wait (sign-in-throttle.ts) the
 * answer is `wait`, the password unchecked. An unknown email, an invitation not yet accepted and a
 * wrong password are all `refused` after the same work (a full scrypt check, one read, the same two
 * counts written), so neither the answer nor its time says whether the email is someone's.
 */
export async function signInWithPassword(
  documents: DocumentStore,
  credentials: { email: string; password: string },
  address: string,
  now = new Date(),
): Promise<PasswordSignIn> {
  const email = credentials.email.trim().toLowerCase()
  const subjects: SignInSubjects = { account: email, address }
  const seconds = await signInWait(documents, subjects, now)
  if (seconds > 0) return { kind: 'wait', seconds }
  const person = (await readTeam(documents)).people.find((candidate) => candidate.email === email)
  const matches =
    person?.status === 'active' && person.password !== undefined
      ? await verifyPassword(credentials.password, person.password)
      : await verifyAgainstNobody(credentials.password)
  if (!matches || !person) {
    await noteFailure(documents, subjects, now)
    return { kind: 'refused' }
  }
  await noteSuccess(documents, subjects)
  return { kind: 'signed-in', person }
}
