import * as z from 'zod'

import packageJson from '../../../package.json' with { type: 'json' }
import { ACCESS_COOKIE_NAME } from '../../../src/contract/access'
import {
  API_DESCRIPTION,
  documentPath,
  ERROR_MEANINGS,
  INPUT_SCHEMAS,
  NAMED_SCHEMAS,
  TAGS,
  type AnswerDescription,
  type DescribedRoute,
  type DescribedEndpoint,
  type ErrorStatus,
  type HttpMethod,
  type OperationDescription,
  type ParameterDescription,
} from '../../../src/contract/api-description'
import { errorBodySchema } from '../../../src/contract/api'
import { LIMITS } from '../../../src/contract/limits'
import { ROLE_SCOPES } from '../../../src/contract/roles'
import { requirementFor, roleRequired } from '../../../src/contract/route-access'
import { API_ROUTES, functionUrl, routePath } from '../../../src/contract/routes'
import { ACCESS_MESSAGES } from '../http/access-gate'
import { FUNCTION_RATE_LIMITS, RATE_LIMITS } from '../http/rate-limits'

/**
 * The API's OpenAPI 3.1 document (`GET /api/openapi.json`), built from `API_DESCRIPTION`
 * (src/contract/api-description.ts): every schema is the contract's zod schema converted with
 * `z.toJSONSchema` (the wire's side: `io: 'input'`), and each operation carries its function's rate
 * limit (rate-limits.ts) and the sizes that bound it (`LIMITS`). Nothing here is a second copy of a
 * schema or a number.
 */

type Json = Record<string, unknown>

const SCHEMAS = '#/components/schemas/'
const RESPONSES = '#/components/responses/'

/** The statuses every operation may answer: storage failing (500) or unavailable (503). */
const ALWAYS: readonly ErrorStatus[] = [500, 503]

/** What a gated operation's security says: the sign-in cookie, or the token as a Bearer header. */
const GATED_SECURITY = [{ session: [] }, { bearer: [] }]

const named = z.registry<{ id: string }>()
for (const [schema, id] of NAMED_SCHEMAS) named.add(schema, { id })
const widened = new Map<z.ZodType, Json>(INPUT_SCHEMAS)

const CONVERSION = {
  target: 'draft-2020-12',
  io: 'input',
  // Refinements and transforms have no JSON Schema; the document shows what the wire carries.
  unrepresentable: 'any',
  metadata: named,
  override: ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Json }) => {
    // A keyword a schema states of itself with `.meta()` (ids each once: `uniqueItems`), which `named`,
    // the registry the conversion reads, does not hold.
    Object.assign(jsonSchema, z.globalRegistry.get(zodSchema as z.ZodType))
    const wide = widened.get(zodSchema as z.ZodType)
    if (!wide) return
    for (const key of Object.keys(jsonSchema)) Reflect.deleteProperty(jsonSchema, key)
    Object.assign(jsonSchema, wide)
  },
} as const

/** A converted schema with zod's `#/$defs/{id}` references pointing at the document's components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace(/^#\/\$defs\//, SCHEMAS)
        : toComponentRefs(inner),
    ]),
  )
}

/** The named schemas, as components; they refer to one another by component. */
function namedComponents(): Json {
  const { schemas } = z.toJSONSchema(named, { ...CONVERSION, uri: (id) => `${SCHEMAS}${id}` })
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as Json
      return [id, rest]
    }),
  )
}

/** A schema of the description: its component when named, else inline. */
function schemaObject(schema: z.ZodType): Json {
  const id = named.get(schema)?.id
  if (id !== undefined) return { $ref: `${SCHEMAS}${id}` }
  const { $schema: _dialect, $defs: _named, ...rest } = z.toJSONSchema(schema, CONVERSION) as Json
  return toComponentRefs(rest) as Json
}

const number = new Intl.NumberFormat('en-US')

function rateLimitOf(route: DescribedRoute) {
  const preset = FUNCTION_RATE_LIMITS[route.function]
  return { preset, ...RATE_LIMITS[preset] }
}

function parameter(place: 'path' | 'query' | 'header', name: string, described: ParameterDescription): Json {
  return {
    name,
    in: place,
    required: place === 'path' || described.required === true,
    description: described.description,
    schema: schemaObject(described.schema),
    ...(described.example === undefined ? {} : { example: described.example }),
  }
}

function headerObjects(headers: Record<string, string> | undefined): Json {
  const entries = Object.entries(headers ?? {})
  if (entries.length === 0) return {}
  return {
    headers: Object.fromEntries(
      entries.map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    ),
  }
}

function answerObject(answer: AnswerDescription): Json {
  let content: Json | undefined
  if (answer.schema) {
    const example = answer.example === undefined ? {} : { example: answer.example }
    content = { 'application/json': { schema: schemaObject(answer.schema), ...example } }
  } else if (answer.content) content = { [answer.content]: {} }
  return {
    description: answer.description,
    ...headerObjects(answer.headers),
    ...(content ? { content } : {}),
  }
}

/** Headers an error answer carries. */
const ERROR_HEADERS: Partial<Record<ErrorStatus, Record<string, string>>> = {
  401: { 'WWW-Authenticate': 'The scheme: `Bearer realm="Media File Manager"`.' },
  405: { Allow: 'The methods the path takes.' },
  416: { 'Content-Range': '`bytes */{size}`.' },
  429: { 'Retry-After': 'Seconds to wait.' },
  503: { 'Retry-After': 'Seconds to wait.' },
}

/** An example error body where the message is the same for every endpoint. */
const ERROR_EXAMPLES: Partial<Record<ErrorStatus, unknown>> = {
  401: { error: ACCESS_MESSAGES.required },
}

function errorResponse(status: ErrorStatus, body: z.ZodType = errorBodySchema): Json {
  const example = ERROR_EXAMPLES[status]
  // A failure in the endpoint's own body shape; the gate's refusals are `{ error }` everywhere.
  const schema =
    body === errorBodySchema
      ? schemaObject(body)
      : { anyOf: [schemaObject(body), schemaObject(errorBodySchema)] }
  return {
    description: ERROR_MEANINGS[status],
    ...headerObjects(ERROR_HEADERS[status]),
    content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
  }
}

function limitsText(operation: OperationDescription): string[] {
  return Object.entries(operation.limits ?? {}).map(
    ([name, what]) => `- ${what}: at most ${number.format(LIMITS[name as keyof typeof LIMITS])}`,
  )
}

/** Who may call it: the endpoint's access, and the least role (and token scope) the role table asks. */
function accessText(endpoint: DescribedEndpoint, route: DescribedRoute, method: string): string {
  switch (endpoint.access) {
    case 'open':
      return 'Open: no credential, whether or not the access gate is on.'
    case 'signed-link':
      return 'The signature in the path is the credential: no cookie or token needed.'
    case 'gate': {
      const role = roleRequired(requirementFor(route.function, method) ?? 'admin') ?? 'viewer'
      return `Behind the access gate when it is on: the \`${ACCESS_COOKIE_NAME}\` cookie of a person who is at least ${role}, the owner's token, or an API token of scope \`${ROLE_SCOPES[role]}\` or wider (403 otherwise).`
    }
  }
}

interface OperationContext {
  route: DescribedRoute
  method: string
  endpoint: DescribedEndpoint
  operation: OperationDescription
  operationId: string
  responses: Record<string, Json>
}

function operationObject({
  route,
  method,
  endpoint,
  operation,
  operationId,
  responses,
}: OperationContext): Json {
  const rate = rateLimitOf(route)
  const gated = endpoint.access !== 'open'
  const answered = new Set(Object.keys(operation.answers).map(Number))
  const errors = [
    ...new Set<ErrorStatus>([...operation.errors, ...(gated ? [401 as const, 403 as const] : []), ...ALWAYS]),
  ]
    .filter((status) => !answered.has(status))
    .sort((a, b) => a - b)

  const statuses: Json = {}
  for (const [status, answer] of Object.entries(operation.answers)) statuses[status] = answerObject(answer)
  for (const status of errors) {
    if (operation.errorBody) statuses[status] = errorResponse(status, operation.errorBody)
    else {
      responses[`Error${String(status)}`] ??= errorResponse(status)
      statuses[status] = { $ref: `${RESPONSES}Error${String(status)}` }
    }
  }

  const pathParameters = Object.entries(endpoint.parameters ?? {}).map(([name, described]) =>
    parameter('path', name, described),
  )
  const parameters = [
    ...pathParameters,
    ...Object.entries(operation.query ?? {}).map(([name, described]) => parameter('query', name, described)),
    ...Object.entries(operation.headers ?? {}).map(([name, described]) =>
      parameter('header', name, described),
    ),
  ]

  const body = operation.body
  const requestBody =
    body === undefined
      ? undefined
      : 'schema' in body
        ? {
            required: true,
            ...(body.description ? { description: body.description } : {}),
            content: { 'application/json': { schema: schemaObject(body.schema), example: body.example } },
          }
        : {
            required: body.required === true,
            description: body.description,
            content: { [body.contentType]: { schema: { type: 'string', contentEncoding: 'binary' } } },
          }

  const limits = limitsText(operation)
  const description = [
    operation.description,
    accessText(endpoint, route, method),
    `Rate limit: ${number.format(rate.windowLimit)} requests a minute per address (\`${rate.preset}\`).`,
    ...(limits.length > 0 ? ['Limits:', ...limits] : []),
  ]
    .filter((line) => line !== undefined)
    .join('\n\n')
    .replace(/\n\n- /g, '\n- ')

  return {
    operationId,
    summary: operation.summary,
    description,
    tags: [endpoint.tag],
    security: endpoint.access === 'gate' ? GATED_SECURITY : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: statuses,
    'x-rate-limit': {
      preset: rate.preset,
      requests: rate.windowLimit,
      window_seconds: rate.windowSize,
      per: rate.aggregateBy,
    },
    ...(operation.limits
      ? {
          'x-limits': Object.fromEntries(
            Object.keys(operation.limits).map((name) => [name, LIMITS[name as keyof typeof LIMITS]]),
          ),
        }
      : {}),
  }
}

const METHOD_ORDER: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS']

const INFO_DESCRIPTION = [
  "Media File Manager's JSON API: file records, folders, the trash, uploads (tus 1.0), share links, the optional access gate and the Webflow mirror.",
  '**Errors** are JSON `{ "error": message }` with a fitting status (the creates answer `{ "success": false, "error": message }`). Any method a path does not list answers **405** with `Allow`; `OPTIONS` answers 204 with `Allow`; `HEAD` is answered wherever `GET` is, without a body. Any other `/api` path answers **404**.',
  `**Access**: with \`APP_ACCESS_TOKEN\` set, every call needs the \`${ACCESS_COOKIE_NAME}\` sign-in cookie (\`POST ${routePath('access')}\`) or the token as \`Authorization: Bearer <token>\`, except where an operation says it is open; without it every call is open.`,
  `**Bodies**: JSON (\`Content-Type: application/json\`) of at most ${number.format(LIMITS.jsonBodyBytes)} bytes. **Rate limits** are per address, over a sliding minute; each operation names its own (\`x-rate-limit\`), and the sizes that bound it (\`x-limits\`).`,
].join('\n\n')

let built: Json | undefined

/** The document; built once per instance. */
export function openApiDocument(): Json {
  built ??= buildDocument()
  return built
}

function buildDocument(): Json {
  const responses: Record<string, Json> = {}
  const paths: Record<string, Json> = {}
  for (const route of API_ROUTES) {
    if ('fallback' in route) continue
    const endpoint: DescribedEndpoint = API_DESCRIPTION[route.name]
    const atFunctionUrl = 'atFunctionUrl' in route
    const addresses: [string, string][] = [[documentPath(route.path), '']]
    if (atFunctionUrl) addresses.push([functionUrl(route.function), 'AtFunctionUrl'])
    for (const [path, suffix] of addresses) {
      const item: Json = {}
      for (const method of METHOD_ORDER) {
        const operation = endpoint.operations[method]
        if (!operation) continue
        const operationId = `${method.toLowerCase()}${route.name[0]?.toUpperCase() ?? ''}${route.name.slice(1)}${suffix}`
        item[method.toLowerCase()] = operationObject({
          route,
          method,
          endpoint,
          operation,
          operationId,
          responses,
        })
      }
      paths[path] = item
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Media File Manager API', version: packageJson.version, description: INFO_DESCRIPTION },
    servers: [{ url: '/', description: 'This site' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: namedComponents(),
      responses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: ACCESS_COOKIE_NAME,
          description: `The HttpOnly sign-in cookie \`POST ${routePath('access')}\` sets: it names a session the server keeps, for a week.`,
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The site's `APP_ACCESS_TOKEN` itself, as `Authorization: Bearer <token>` (curl, scripts).",
        },
      },
    },
  }
}
