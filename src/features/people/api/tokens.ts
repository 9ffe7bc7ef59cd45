import useSWR from 'swr'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { ApiTokenSummary, CreatedToken, TokenCreate } from '../../../contract/people'
import { apiRequest } from '../../../lib/api-client'

export const tokensKey = (all: boolean) => ENDPOINTS.tokens(all)

function getTokens(path: string): Promise<ApiTokenSummary[]> {
  return apiRequest(path, { schema: 'tokenList' }).then((answer) => answer.tokens)
}

/** One's own tokens (an admin's `all`, everyone's), asked for while the Tokens page is open. */
export function useTokens(open: boolean, all: boolean) {
  return useSWR<ApiTokenSummary[], Error>(open ? tokensKey(all) : null, getTokens, {
    revalidateOnFocus: false,
  })
}

/** Makes a token; the answer holds the whole token, which no later answer shows. */
export function createToken(input: TokenCreate): Promise<CreatedToken> {
  return apiRequest(ENDPOINTS.tokens(), { method: 'POST', body: input, schema: 'createdToken' })
}

export async function revokeToken(id: string): Promise<void> {
  await apiRequest(ENDPOINTS.token(id), { method: 'DELETE', schema: 'nothing' })
}
