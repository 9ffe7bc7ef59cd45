import type { Actor } from '../../../src/contract/roles'
import { actAs } from '../activity/acting-actor'
import { leastRequirementFor, requirementFor } from '../../../src/contract/route-access'
import type { FunctionName } from '../../../src/contract/routes'
import { admitRequest, keepPrivate } from './access-gate'
import { errorResponse, json, type FailureStyle } from './respond'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** What Netlify passes a function beside the request (the part read here). */
export interface PlatformRequestContext {
  ip?: string
}

/** What a handler knows of its call besides the request. */
export interface CallContext {
  /**
   * Who the call acts as (`Actor`), for the handler to hold or record: always set on a gated route,
   * null only on an `open` one behind a closed gate.
   */
  actor: Actor | null
  /** The caller's address as the platform saw it (`unknown` where it says none), for per-address limits. */
  address: string
}

export type Handler = (request: Request, call: CallContext) => Promise<Response>

/** A function's entry point, named for the function it serves. */
export type RoutedHandler = ((request: Request, context?: PlatformRequestContext) => Promise<Response>) & {
  functionName: FunctionName
}

/**
 * The caller's address: the platform's own (`context.ip`), else the header Netlify's edge sets and
 * does not take from the client.
 */
export function callerAddress(request: Request, context?: PlatformRequestContext): string {
  return context?.ip ?? request.headers.get('x-nf-client-connection-ip') ?? 'unknown'
}

/**
 * Function `fn`'s entry point: asks the access gate first, with what `ROUTE_ACCESS` says the method
 * needs (OPTIONS and a method the function does not serve need only the least of its methods'),
 * dispatches on method (405 with `Allow` otherwise, HEAD answered as GET without a body, OPTIONS with
 * `Allow`), and turns every thrown error into its JSON answer. A handler for a method the table gives
 * no requirement is refused when the module loads, so no method goes ungated by a slip.
 *
 * A function serving a collection and its items (`/api/people` and `/api/people/{id}`, the id passed on
 * as `?id=`) names its item methods in `itemMethods`: each path then allows only its own methods (a GET of
 * an item or a DELETE of the collection is a 405 naming that path's), rather than one handler for both.
 */
export function route(
  handlers: Partial<Record<Method, Handler>>,
  failure: FailureStyle,
  fn: FunctionName,
  itemMethods?: readonly Method[],
): RoutedHandler {
  const methods = Object.keys(handlers) as Method[]
  for (const method of methods) {
    if (requirementFor(fn, method) === null)
      throw new Error(`ROUTE_ACCESS gives no requirement for ${method} on the routes of ${fn}`)
  }
  const allowOf = (allowed: readonly Method[]) =>
    [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ')
  const servedOn = (forItem: boolean) =>
    itemMethods === undefined ? methods : methods.filter((method) => itemMethods.includes(method) === forItem)
  const paths = {
    collection: { served: servedOn(false), allow: allowOf(servedOn(false)) },
    item: { served: servedOn(true), allow: allowOf(servedOn(true)) },
  }

  const entry = async (request: Request, context?: PlatformRequestContext): Promise<Response> => {
    try {
      const method = request.method.toUpperCase()
      const admission = await admitRequest(request, requirementFor(fn, method) ?? leastRequirementFor(fn))
      if (admission.refused) return admission.refused
      const forItem = itemMethods !== undefined && (new URL(request.url).searchParams.get('id') ?? '') !== ''
      const { served, allow } = forItem ? paths.item : paths.collection
      if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: allow } })
      const asked = (method === 'HEAD' ? 'GET' : method) as Method
      const handler = served.includes(asked) ? handlers[asked] : undefined
      if (!handler) {
        return json({ error: `Method ${method} not allowed; use ${allow}` }, 405, { Allow: allow })
      }
      const call = { actor: admission.actor, address: callerAddress(request, context) }
      const response = keepPrivate(await actAs(call.actor, () => handler(request, call)))
      return method === 'HEAD'
        ? new Response(null, { status: response.status, headers: response.headers })
        : response
    } catch (error) {
      return errorResponse(error, failure)
    }
  }
  return Object.assign(entry, { functionName: fn })
}

/** The actor of a gated call; a handler of an `open` route gets null and must not ask. */
export function actorOf(call: CallContext): Actor {
  if (call.actor === null) throw new Error('An open route has no actor')
  return call.actor
}
