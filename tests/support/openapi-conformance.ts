/**
 * Holds every answer the API suite sees to the OpenAPI document (`GET /api/openapi.json`): the function
 * host hands each request and its answer to `observe` (tests/support/function-host.setup.ts), which
 * checks that the document lists the status for that path and method, and that a JSON body validates
 * against the document's schema for it. Methods a path does not list must answer 405 (OPTIONS 204), and
 * an /api path no route takes the not-found 404, each with the document's error body; the gate's
 * refusals (401, 403 for a role or scope too narrow, and 503 when misconfigured) may come first anywhere it
 * stands. What is not right is
 * collected; `settle()` hands it over once the answers are in.
 *
 * The validator is ajv's JSON Schema 2020-12 one, the dialect OpenAPI 3.1 and zod's `toJSONSchema`
 * write; `strict: false` lets it pass over the OpenAPI keywords (`example`) a schema may carry.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

import { documentPath } from '../../src/contract/api-description'
import { functionUrl, matchRoute, type FunctionName } from '../../src/contract/routes'
import { openApiDocument } from '../../netlify/server/openapi/openapi-document'

type Json = Record<string, unknown>

interface OpenApiResponse {
  description?: string
  content?: Record<string, { schema?: Json }>
  $ref?: string
}

const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' }
/** What the access gate may answer before any function looks at the request. */
const GATE_REFUSALS = [401, 403, 503]

/** What is checked of an answer: its status, headers and JSON body (null when it has none). */
interface Answer {
  status: number
  headers: Headers
  json: Promise<string | null>
}

export interface Conformance {
  /** Checks one answer (without consuming it: a JSON body is read from a clone). */
  observe: (request: Request, response: Response) => void
  /** The answers seen so far that the document does not allow, in words; empties the list. */
  settle: () => Promise<string[]>
}

export function openApiConformance(document: Json = openApiDocument()): Conformance {
  const components = document.components as { schemas: Json; responses: Record<string, OpenApiResponse> }
  const paths = document.paths as Record<
    string,
    Record<string, { responses: Record<string, OpenApiResponse> }>
  >
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  const validators = new Map<Json, ValidateFunction>()
  const validatorOf = (schema: Json) => {
    let validate = validators.get(schema)
    if (!validate) {
      // The document's components ride along, so `#/components/schemas/...` resolves.
      validate = ajv.compile({ ...schema, components: { schemas: components.schemas } })
      validators.set(schema, validate)
    }
    return validate
  }
  const problems: string[] = []
  const pending = new Set<Promise<void>>()

  const resolved = (answer: OpenApiResponse): OpenApiResponse =>
    answer.$ref ? (components.responses[answer.$ref.split('/').pop() ?? ''] ?? answer) : answer

  /** The documented answers of a request, or the statuses allowed when the path does not list its method. */
  function expected(method: string, pathname: string): Record<string, OpenApiResponse> | number[] | null {
    const match = matchRoute(pathname)
    if (!match) {
      // A function called at its own URL is not the public API; any other /api path is the fallback's.
      if (!pathname.startsWith('/api/')) return null
      return [404, ...GATE_REFUSALS]
    }
    const { route } = match
    const atFunctionUrl = pathname === functionUrl(route.function as FunctionName)
    const item = paths[atFunctionUrl ? functionUrl(route.function as FunctionName) : documentPath(route.path)]
    if (!item) return null
    const operation = item[method.toLowerCase()] ?? (method === 'HEAD' ? item.get : undefined)
    if (operation) return operation.responses
    return method === 'OPTIONS' ? [204, ...GATE_REFUSALS] : [405, ...GATE_REFUSALS]
  }

  async function check(request: Request, response: Answer): Promise<void> {
    const { pathname } = new URL(request.url)
    const method = request.method.toUpperCase()
    const what = `${method} ${pathname} answered ${String(response.status)}`
    const documented = expected(method, pathname)
    if (documented === null) return
    let schema: Json | undefined
    if (Array.isArray(documented)) {
      if (!documented.includes(response.status)) {
        problems.push(`${what}; the document allows ${documented.join(', ')} for it`)
        return
      }
      schema = response.status === 204 ? undefined : ERROR_SCHEMA
    } else {
      const answer = documented[String(response.status)]
      if (!answer) {
        problems.push(
          `${what}, which the document does not list (it lists ${Object.keys(documented).join(', ')})`,
        )
        return
      }
      const content = resolved(answer).content ?? {}
      schema = content['application/json']?.schema
      const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
      if (
        type !== '' &&
        method !== 'HEAD' &&
        !Object.keys(content).some((listed) => typeMatches(listed, type))
      ) {
        problems.push(`${what} with ${type}, which the document does not list for it`)
        return
      }
    }
    const text = await response.json
    if (!schema || text === null || text === '') return
    const validate = validatorOf(schema)
    if (!validate(JSON.parse(text))) {
      problems.push(`${what} with a body the document's schema refuses: ${ajv.errorsText(validate.errors)}`)
    }
  }

  return {
    observe: (request, response) => {
      // A JSON body is read from a clone taken now, before the answer is sent; others are not read.
      const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '')
      const json = isJson && request.method !== 'HEAD' ? response.clone().text() : Promise.resolve(null)
      const run = check(request, { status: response.status, headers: response.headers, json })
        .catch((error: unknown) => {
          problems.push(`${request.method} ${request.url}: ${String(error)}`)
        })
        .finally(() => pending.delete(run))
      pending.add(run)
    },
    settle: async () => {
      await Promise.all([...pending])
      return problems.splice(0)
    },
  }
}

/** Whether an answer's media type is one the document lists (`*\/*`, `image/*` or the type itself). */
function typeMatches(listed: string, type: string): boolean {
  if (listed === '*/*' || listed === type) return true
  return listed.endsWith('/*') && type.startsWith(listed.slice(0, -1))
}
