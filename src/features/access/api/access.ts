import useSWR from 'swr'

import { ACCESS_PATH, signOutPath } from '../../../contract/access'
import type { AccessStatus } from '../../../contract/access-schemas'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { InviteAccept, PasswordChange } from '../../../contract/people'
import { reportGate } from '../../../lib/access'
import { apiRequest } from '../../../lib/api-client'

export const accessKey = () => ACCESS_PATH

export async function getAccessStatus(): Promise<AccessStatus> {
  const status = await apiRequest(ACCESS_PATH, { schema: 'accessStatus' })
  reportGate(status.required, status.actor)
  return status
}

/**
 * Whether the server's calls need the token; a 401 here (the API client reports it) is how a fresh
 * browser learns it has to ask. Not revalidated on focus: the answer changes only with a deploy.
 */
export function useAccessStatus() {
  return useSWR<AccessStatus, Error>(accessKey(), getAccessStatus, { revalidateOnFocus: false })
}

/**
 * Sends the owner's token, or a person's email and password, once; the answer's HttpOnly cookie then
 * goes with every call, image and video.
 */
export async function signIn(
  credentials: { token: string } | { email: string; password: string },
): Promise<void> {
  await apiRequest(ACCESS_PATH, { method: 'POST', body: credentials, schema: 'nothing' })
}

/** Accepts an invitation: the answer's cookie signs the new person in. */
export async function acceptInvite(accept: InviteAccept): Promise<void> {
  await apiRequest(ENDPOINTS.peopleAccept, { method: 'POST', body: accept, schema: 'acceptedPerson' })
}

/**
 * Changes a signed-in person's password: every other session of theirs ends, and the answer's cookie
 * names a new session for this browser.
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  await apiRequest(ENDPOINTS.accessPassword, { method: 'POST', body: change, schema: 'nothing' })
}

/**
 * Ends this browser's session (or, `everywhere`, every session): the cookie is refused from then on,
 * wherever a copy of it is. The answer also expires the cookie and asks the browser to clear the site's
 * cache and storage.
 */
export async function signOut(everywhere: boolean): Promise<void> {
  await apiRequest(signOutPath(everywhere), { method: 'DELETE', schema: 'nothing' })
}
