import useSWR from 'swr'
import * as z from 'zod'

import { ENDPOINTS } from '../../../contract/endpoints'
import { createdShareSchema, shareListSchema, type CreatedShare, type Share } from '../../../contract/shares'
import { apiRequest } from '../../../lib/api-client'

export const sharesKey = (fileId: number) => ENDPOINTS.shares(fileId)

/** The file's active share links, newest first. */
export function useShares(fileId: number) {
  return useSWR<Share[], Error>(sharesKey(fileId), () =>
    apiRequest(ENDPOINTS.shares(fileId), { schema: shareListSchema }),
  )
}

/** Makes a share link that lives `hours` hours. */
export function createShare(fileId: number, hours: number): Promise<CreatedShare> {
  return apiRequest(ENDPOINTS.share(fileId), {
    method: 'POST',
    body: { expires_in_hours: hours },
    schema: createdShareSchema,
  })
}

/** Revokes a share link: it stops opening at once. */
export async function revokeShare(shareId: string): Promise<void> {
  await apiRequest(ENDPOINTS.share(shareId), { method: 'DELETE', schema: z.null() })
}
