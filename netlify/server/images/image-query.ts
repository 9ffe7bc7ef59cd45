import {
  IMAGE_FITS,
  IMAGE_FORMATS,
  isServedSize,
  servedSizesText,
  type ImageFit,
  type ImageFormat,
  type ImageRequest,
} from '../../../src/contract/image-renditions'
import { LIMITS } from '../../../src/contract/limits'
import { InvalidInputError } from '../errors'
import { checkQueryNames } from '../http/request'

/** What `GET /api/image/{id}?w=&h=&fit=&fm=&v=` asks for, checked: always one of the served renditions. */
export interface ImageQuery {
  w: number | null
  h: number | null
  fit: ImageFit
  fm: ImageFormat
  /** The version of the settings the URL was built for (`imageVersion`), or null. */
  v: string | null
}

const NAMES = ['w', 'h', 'fit', 'fm', 'v'] as const
const VERSION = new RegExp(`^[0-9a-z]{1,${String(LIMITS.imageVersionChars)}}$`)

function side(raw: string | null, name: 'w' | 'h'): number | null {
  if (raw === null) return null
  if (!/^[1-9]\d{0,4}$/.test(raw)) throw new InvalidInputError(`${name} must be a whole number of pixels`)
  return Number(raw)
}

function oneOf<T extends string>(raw: string | null, name: string, values: readonly T[], fallback: T): T {
  if (raw === null) return fallback
  if ((values as readonly string[]).includes(raw)) return raw as T
  throw new InvalidInputError(`${name} must be one of ${values.join(', ')}`)
}

/**
 * The query of an image request, or a 400 naming what is wrong: a parameter the route does not take
 * (`extra` names any the URL form adds, as `id` at the function's own URL), one given twice, a value
 * outside its set, or a size the app never asks for (decision 0070). `fit` defaults to `contain` and
 * `fm` to `auto`, as the Netlify Image CDN has them.
 */
export function parseImageQuery(params: URLSearchParams, extra: readonly string[] = []): ImageQuery {
  checkQueryNames(params, 'the image route', [...NAMES, ...extra], NAMES)
  const v = params.get('v')
  if (v !== null && !VERSION.test(v)) {
    throw new InvalidInputError('v must be the version the app puts in the URL: letters and digits')
  }
  const query: ImageQuery = {
    w: side(params.get('w'), 'w'),
    h: side(params.get('h'), 'h'),
    fit: oneOf(params.get('fit'), 'fit', IMAGE_FITS, 'contain'),
    fm: oneOf(params.get('fm'), 'fm', IMAGE_FORMATS, 'auto'),
    v,
  }
  if (!isServedSize(requestOf(query))) {
    throw new InvalidInputError(`This size is not one the app delivers; ask for ${servedSizesText()}`)
  }
  return query
}

/** The query as the contract's URL builder takes it. */
export function requestOf(query: ImageQuery): ImageRequest {
  return {
    ...(query.w === null ? {} : { w: query.w }),
    ...(query.h === null ? {} : { h: query.h }),
    ...(query.fit === 'contain' ? {} : { fit: query.fit }),
    ...(query.fm === 'auto' ? {} : { fm: query.fm }),
  }
}
