import type { PasswordChange } from '../../../src/contract/people'
import { ForbiddenError, InvalidInputError, NotFoundError, TooManyRequestsError } from '../errors'
import type { DocumentStore } from '../storage/document-store'
import { hashPassword, verifyPassword } from './passwords'
import { passwordProblem } from './password-rules'
import { noteFailure, noteSuccess, signInWait, type SignInSubjects } from './sign-in-throttle'
import { changeTeam, readTeam } from './team-document'

export const PASSWORD_CHANGE_MESSAGES = {
  wrongCurrent: 'The current password is wrong',
  notActive: 'Only a person who has accepted their invitation has a password to change',
} as const

/**
 * Changes a signed-in person's password: the current one must match (a wrong one counts as a failed
 * sign-in of the account and the address, so a session left open is no way to guess it faster), the
 * new one follows the same rules as on accepting an invitation. The same write sets `sessions_from`
 * to `now`, ending every session started before: the caller starts a new one for this browser.
 */
export async function changePassword(
  documents: DocumentStore,
  personId: string,
  { current_password, new_password }: PasswordChange,
  address: string,
  now = new Date(),
): Promise<void> {
  const person = (await readTeam(documents)).people.find((candidate) => candidate.id === personId)
  if (!person) throw new NotFoundError('Person not found')
  if (person.status !== 'active' || person.password === undefined)
    throw new ForbiddenError(PASSWORD_CHANGE_MESSAGES.notActive)
  const subjects: SignInSubjects = { account: person.email, address }
  const seconds = await signInWait(documents, subjects, now)
  if (seconds > 0)
    throw new TooManyRequestsError(
      `Too many wrong passwords: try again in ${String(seconds)} seconds`,
      seconds,
    )
  if (!(await verifyPassword(current_password, person.password))) {
    await noteFailure(documents, subjects, now)
    throw new ForbiddenError(PASSWORD_CHANGE_MESSAGES.wrongCurrent)
  }
  await noteSuccess(documents, subjects)
  const problem = passwordProblem(new_password, { email: person.email, name: person.name ?? undefined })
  if (problem) throw new InvalidInputError(problem)
  const hash = await hashPassword(new_password)
  const changed = await changeTeam(documents, (team) => {
    if (!team.people.some((candidate) => candidate.id === personId)) return { next: undefined, result: false }
    return {
      next: {
        ...team,
        people: team.people.map((candidate) =>
          candidate.id === personId
            ? { ...candidate, password: hash, sessions_from: now.toISOString() }
            : candidate,
        ),
      },
      result: true,
    }
  })
  if (!changed) throw new NotFoundError('Person not found')
}
