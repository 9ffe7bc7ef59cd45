import useSWR from 'swr'

import { ACCESS_PATH, signOutPath } from '../../../contract/access'
import type { AccessStatus } from '../../../contract/access-schemas'
import { reportGate } from '../../../lib/access'
import { apiRequest } from '../../../lib/api-client'

export const accessKey = () => ACCESS_PATH

export async function getAccessStatus(): Promise<AccessStatus> {
  const status = await apiRequest(ACCESS_PATH, { schema: 'accessStatus' })
  reportGate(status.required)
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

/**
 * Ends this browser's session (or, `everywhere`, every session): the cookie is refused from then on,
 * wherever a copy of it is. The answer also expires the cookie and asks the browser to clear the site's
 * cache and storage.
 */
export async function signOut(everywhere: boolean): Promise<void> {
  await apiRequest(signOutPath(everywhere), { method: 'DELETE', schema: 'nothing' })
}
