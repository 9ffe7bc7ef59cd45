import { keepPrivate, refuseAccess, type AccessRule } from './access-gate'
import { errorResponse, json, type FailureStyle } from './respond'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
type Handler = (request: Request) => Promise<Response>

/**
 * A function's entry point: asks the access gate first (`access`, the token by default), dispatches on
 * method (405 with `Allow` otherwise, HEAD answered as GET without a body, OPTIONS with `Allow`), and
 * turns every thrown error into its JSON answer.
 */
export function route(
  handlers: Partial<Record<Method, Handler>>,
  failure: FailureStyle,
  access: AccessRule = 'token',
) {
  const allowed = Object.keys(handlers) as Method[]
  if (allowed.includes('GET')) allowed.push('HEAD' as Method)
  const allow = [...allowed, 'OPTIONS'].join(', ')

  return async (request: Request): Promise<Response> => {
    try {
      const refused = await refuseAccess(request, access)
      if (refused) return refused
      const method = request.method.toUpperCase()
      if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: allow } })
      const handler = handlers[(method === 'HEAD' ? 'GET' : method) as Method]
      if (!handler) {
        return json({ error: `Method ${method} not allowed; use ${allow}` }, 405, { Allow: allow })
      }
      const response = keepPrivate(await handler(request))
      return method === 'HEAD'
        ? new Response(null, { status: response.status, headers: response.headers })
        : response
    } catch (error) {
      return errorResponse(error, failure)
    }
  }
}
