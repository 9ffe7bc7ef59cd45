import type { z } from 'zod'

import { parseIdSegment } from '../../../src/contract/ids'
import { LIMITS } from '../../../src/contract/limits'
import { describeIssue } from '../../../src/contract/record'
import { InvalidInputError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors'

/**
 * Reads a JSON body: JSON content type only (which also keeps cross-site form posts out), bounded in
 * size before and after reading, and parsed without ever throwing anything but an input error.
 */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new UnsupportedMediaTypeError('Content-Type must be application/json')
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > LIMITS.jsonBodyBytes) throw tooLarge()
  const body = await request.text()
  if (Buffer.byteLength(body) > LIMITS.jsonBodyBytes) throw tooLarge()
  if (body.trim() === '') throw new InvalidInputError('Request body is empty; send a JSON object')
  try {
    return JSON.parse(body) as unknown
  } catch {
    throw new InvalidInputError('Request body is not valid JSON')
  }
}

function tooLarge() {
  return new PayloadTooLargeError(`Request body must be at most ${String(LIMITS.jsonBodyBytes)} bytes`)
}

/** Validates `value` against `schema`, turning the first problem into a 400 a person can read. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInputError('Request body must be a JSON object')
  }
  const result = schema.safeParse(value, { reportInput: true })
  if (!result.success) throw new InvalidInputError(describeIssue(result.error))
  return result.data
}

/**
 * Refuses a query parameter outside `names` (a misspelt filter would otherwise be dropped, and the
 * answer look like the one asked for) and one given twice, naming the endpoint as `what` does and what
 * it takes (`shown`, when not all of `names`: a parameter the URL form adds, such as a path's `id`).
 */
export function checkQueryNames(
  params: URLSearchParams,
  what: string,
  names: readonly string[],
  shown: readonly string[] = names,
): void {
  for (const name of new Set(params.keys())) {
    if (!names.includes(name)) {
      throw new InvalidInputError(
        `Unknown parameter "${name.slice(0, 40)}": ${what} takes only ${shown.join(', ')}`,
      )
    }
    if (params.getAll(name).length > 1) throw new InvalidInputError(`${name} is given more than once`)
  }
}

/** The query of a request to an endpoint that takes the parameters `names` (`checkQueryNames`). */
export function queryOf(request: Request, names: readonly string[]): URLSearchParams {
  const params = new URL(request.url).searchParams
  checkQueryNames(params, 'this endpoint', names)
  return params
}

/**
 * The id of a `/api/{endpoint}/{id}` call. The netlify.toml rewrite passes the path's id on as `?id=`,
 * so the function never splits its URL.
 */
export function idParameter(request: Request, noun: 'file' | 'folder'): number {
  return idOf(new URL(request.url).searchParams.get('id'), noun)
}

/** `raw` (a path's id segment) as an id, or the 400 that shows what came instead. */
export function idOf(raw: string | null, noun: 'file' | 'folder'): number {
  const id = parseIdSegment(raw)
  if (id === null) {
    const shown = raw === null || raw === '' ? 'none given' : `"${raw.slice(0, 40)}"`
    throw new InvalidInputError(`Invalid ${noun} id (${shown}): ids are positive whole numbers`)
  }
  return id
}
