import {
  IMAGE_FITS,
  IMAGE_FORMATS,
  type ImageFit,
  type ImageFormat,
} from '../../../src/contract/image-settings'
import { LIMITS } from '../../../src/contract/limits'
import { InvalidInputError } from '../errors'

/** What `GET /api/image/{id}?w=&h=&fit=&fm=&v=` asks for, checked. */
export interface ImageQuery {
  w: number | null
  h: number | null
  fit: ImageFit
  fm: ImageFormat
  /** The version of the settings the URL was built for (`imageVersion`), or null. */
  v: string | null
}

const VERSION = new RegExp(`^[0-9a-z]{1,${String(LIMITS.imageVersionChars)}}$`)

function side(params: URLSearchParams, name: 'w' | 'h'): number | null {
  const raw = params.get(name)
  if (raw === null) return null
  const value = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value >= 1 && value <= LIMITS.imageSidePixels)) {
    throw new InvalidInputError(
      `${name} must be a whole number of pixels from 1 to ${String(LIMITS.imageSidePixels)}`,
    )
  }
  return value
}

function oneOf<T extends string>(
  params: URLSearchParams,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  const raw = params.get(name)
  if (raw === null) return fallback
  if ((values as readonly string[]).includes(raw)) return raw as T
  throw new InvalidInputError(`${name} must be one of ${values.join(', ')}`)
}

/**
 * The query of an image request, or a 400 naming the parameter at fault. `fit` defaults to `contain`
 * (within w and h, never enlarged) and `fm` to `auto`, as the Netlify Image CDN has them.
 */
export function parseImageQuery(params: URLSearchParams): ImageQuery {
  const v = params.get('v')
  if (v !== null && !VERSION.test(v)) {
    throw new InvalidInputError('v must be the version the app puts in the URL: letters and digits')
  }
  return {
    w: side(params, 'w'),
    h: side(params, 'h'),
    fit: oneOf(params, 'fit', IMAGE_FITS, 'contain'),
    fm: oneOf(params, 'fm', IMAGE_FORMATS, 'auto'),
    v,
  }
}
