/**
 * Malformed requests, endpoint by endpoint, for the hostile-input sweep. Every request here is one the
 * API must refuse: bodies that would pass the endpoint's own contract schema are filtered out, and
 * header or path defects are applied on top of otherwise valid parts, never left out.
 */
import fc from 'fast-check'

import {
  batchDeleteRequestSchema,
  batchMoveRequestSchema,
  batchUpdateRequestSchema,
  trashIdsRequestSchema,
} from '../../src/contract/api'
import { folderCreateSchema } from '../../src/contract/folder'
import { parseIdSegment } from '../../src/contract/ids'
import { LIMITS } from '../../src/contract/limits'
import { canonicaliseFields, recordCreateSchema, recordPatchSchema } from '../../src/contract/record'
import { parseUploadMetadata, TUS_VERSION } from '../../netlify/server/uploads/tus-headers'
import type { RequestSpec } from './in-process-api'

const DEPTH = 10_000
const MEGABYTE = 1_048_576

/** Strings that break one rule or another: lone surrogates, bidi overrides, NUL, line breaks, paths. */
export const HOSTILE_STRINGS = [
  '\uD800',
  'a\uDC00b',
  'evil\u202Etxt.exe',
  'a\u2066b',
  'nul\u0000byte',
  'line\r\nbreak',
  'bare\rreturn',
  'c1\u0085control',
  '../../etc/passwd',
  '..\\..\\windows',
  '%2F..%2F..%2Fetc',
  '/',
  '.',
  '..',
  '',
  ' ',
  'x'.repeat(601),
  '__proto__',
  'constructor',
  '1e309',
] as const

/** Path segments that are not ids: signs, fractions, leading zeros, encodings, 601 bytes. */
const BAD_ID_SEGMENTS = [
  '0',
  '-1',
  '+1',
  '1.5',
  '1e3',
  '0x1f',
  '01',
  ' 1',
  '1 ',
  '９',
  'NaN',
  'Infinity',
  '9007199254740993',
  '12345678901234567',
  '1'.repeat(601),
  'a'.repeat(601),
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '[1]',
  '{"id":1}',
  '1;DROP',
] as const

/** Already percent-encoded path tricks: the router decodes them as netlify would. */
const ENCODED_ID_SEGMENTS = [
  '..%2F1',
  '%2F1',
  '1%2F2',
  '%2E%2E%2F1',
  '%00',
  '1%00',
  '%E2%80%AE1',
  '%0D%0A1',
  '%5C..%5C1',
]

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A raw id segment for a path: anything but a valid id, and something a URL can carry to the function. */
export function badIdSegment(isValid: (raw: string) => boolean = (raw) => parseIdSegment(raw) !== null) {
  const plain = fc
    .oneof(
      fc.constantFrom(...BAD_ID_SEGMENTS, ...HOSTILE_STRINGS),
      fc.string({ maxLength: 40 }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
    )
    // `.` and `..` are resolved away by any URL parser, an empty segment names no id, and a lone
    // surrogate cannot be put in a URL at all (a URL carries UTF-8).
    .filter((raw) => raw !== '' && raw !== '.' && raw !== '..' && raw.isWellFormed() && !isValid(raw))
    .map(encodeURIComponent)
  const encoded = fc.constantFrom(...ENCODED_ID_SEGMENTS).filter((raw) => !isValid(decodeURIComponent(raw)))
  return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: encoded })
}

/** JSON text with keys in the given order, `__proto__` and `constructor` included as own keys. */
function objectText(entries: readonly (readonly [string, unknown])[]): string {
  const parts = entries
    .map(([key, value]) => [key, JSON.stringify(value) as string | undefined] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${JSON.stringify(key)}:${value}`)
  return `{${parts.join(',')}}`
}

const hostileValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, -1, 0, 1.5, -0, 2 ** 53, [], {}, [[]], ['a', 1], {
      id: 1,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom<unknown>(...HOSTILE_STRINGS, 1, -1, null), { maxLength: 4 }),
  },
)

/** `__proto__`, `constructor` and `prototype` keys holding a payload, to catch prototype pollution. */
const pollutingEntry = fc.tuple(
  fc.constantFrom('__proto__', 'constructor', 'prototype'),
  fc.oneof(
    fc.constant<unknown>({ polluted: true }),
    fc.constant<unknown>({ prototype: { polluted: true } }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
)

/** JSON objects shaped like the endpoint's body (its keys, and random ones) holding hostile values. */
function nearMissObjects(keys: readonly string[]) {
  const entry = fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), hostileValue)
  return fc
    .tuple(fc.array(entry, { minLength: 1, maxLength: 5 }), fc.array(pollutingEntry, { maxLength: 2 }))
    .chain(([fields, polluting]) => fc.shuffledSubarray([...fields, ...polluting], { minLength: 1 }))
    .map(objectText)
}

/** Text that is not JSON: cut short, stray characters, single quotes, trailing commas. */
const brokenJson = fc
  .oneof(
    fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1) + '\u0000'),
    fc.jsonValue().map((value) => `${JSON.stringify(value)},`),
    fc.jsonValue().map((value) => `{${JSON.stringify(value)}`),
    fc.string({ maxLength: 60 }),
    fc.constantFrom("{'a': 1}", '{"a": 1', '{"a":}', 'undefined', 'NaN', '{"a": 1}}', '\uFEFF{}', '[1,]'),
  )
  .filter((text) => !parses(text))

/** JSON that is not an object: the body must be one. */
const nonObjectJson = fc
  .oneof(fc.jsonValue(), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }))
  .filter((value) => !isObject(value))
  .map((value) => JSON.stringify(value))

/** Bodies too deep or too big: 10,000 levels of nesting, a 1 MB string, a body over the limit. */
export const HEAVY_BODIES: readonly string[] = [
  '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
  `{"title":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`,
  JSON.stringify({ title: 'x'.repeat(MEGABYTE) }),
  JSON.stringify({ ids: Array.from({ length: 10_000 }, (_, i) => i + 1) }),
  JSON.stringify({ title: 'x'.repeat(LIMITS.jsonBodyBytes - 100) }),
  JSON.stringify({ tags: Array.from({ length: 10_000 }, () => 'tag') }),
]

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Content types a JSON endpoint refuses (415), whatever the body. */
const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'json',
  'application/xml',
  '',
)

/**
 * Malformed bodies for a JSON endpoint whose contract accepts `isValid` bodies: broken JSON, JSON that
 * is not an object, near-miss objects (wrong types, hostile strings, prototype keys), heavy bodies,
 * and any body under a content type that is not JSON.
 */
export function malformedJson(
  base: Omit<RequestSpec, 'body' | 'json' | 'headers'>,
  keys: readonly string[],
  isValid: (body: unknown) => boolean,
) {
  const asJson = (text: string): RequestSpec => ({
    ...base,
    body: text,
    headers: { 'Content-Type': 'application/json' },
  })
  const invalidObject = nearMissObjects(keys).filter((text) => !isValid(JSON.parse(text)))
  return fc.oneof(
    { weight: 3, arbitrary: brokenJson.map(asJson) },
    { weight: 2, arbitrary: nonObjectJson.map(asJson) },
    { weight: 10, arbitrary: invalidObject.map(asJson) },
    { weight: 1, arbitrary: fc.constantFrom(...HEAVY_BODIES).map(asJson) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(wrongContentType, fc.oneof(nearMissObjects(keys), fc.constant('{}')))
        .map(([type, text]): RequestSpec => ({
          ...base,
          body: text,
          headers: type ? { 'Content-Type': type } : {},
        })),
    },
  )
}

const RECORD_KEYS = [
  'title',
  'Title',
  'description',
  'category',
  'tags',
  'notes',
  'station',
  'author',
  'submitted_by',
  'media_url',
  'url',
  'URL',
  'file_type',
  'thumbnail',
  'file_size',
  'File Size',
  'created_at',
  'Upload Date',
  'folder_path',
  'public_id',
  'width',
  'height',
  'duration',
  'sha256',
  'add_tags',
  'remove_tags',
]

export const validity = {
  upload: (body: unknown) => isObject(body) && recordCreateSchema.safeParse(canonicaliseFields(body)).success,
  update: (body: unknown) => isObject(body) && recordPatchSchema.safeParse(canonicaliseFields(body)).success,
  batchUpdate: (body: unknown) => {
    const outer = batchUpdateRequestSchema.safeParse(body)
    return (
      isObject(body) &&
      outer.success &&
      outer.data.updates.every(
        ({ fields }) => recordPatchSchema.safeParse(canonicaliseFields(fields)).success,
      )
    )
  },
  batchDelete: (body: unknown) => isObject(body) && batchDeleteRequestSchema.safeParse(body).success,
  batchMove: (body: unknown) => isObject(body) && batchMoveRequestSchema.safeParse(body).success,
  folderCreate: (body: unknown) => isObject(body) && folderCreateSchema.safeParse(body).success,
  trashIds: (body: unknown) => isObject(body) && trashIdsRequestSchema.safeParse(body).success,
}

export const bodyKeys = {
  record: RECORD_KEYS,
  batchUpdate: ['updates', 'id', 'fields'],
  ids: ['ids'],
  batchMove: ['fileIds', 'folderId'],
  folderCreate: ['name', 'parent_path'],
}

/** Near-miss batch bodies: the right outer key around items that are wrong in some way. */
export function nearMissBatch(key: 'ids' | 'fileIds' | 'updates') {
  const item =
    key === 'updates'
      ? fc.oneof(
          fc.record({ id: hostileValue, fields: hostileValue }),
          fc.record({ id: fc.integer({ min: 1, max: 3 }), fields: hostileValue }),
        )
      : hostileValue
  return fc
    .array(item, { maxLength: 4 })
    .map((items) => objectText([[key, items], ...(key === 'fileIds' ? [['folderId', null] as const] : [])]))
}

/**
 * A header value `Headers` accepts: Latin-1 without CR, LF or NUL (a request carrying those never
 * reaches a function).
 */
export const headerValue = fc.string({
  maxLength: 40,
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code < 0x7f || code >= 0xa0)
    .map((code) => String.fromCharCode(code)),
})

/** Tus-Resumable values other than the version the server speaks. */
export const badTusVersion = fc.oneof(
  fc.constant<string | null>(null),
  fc.constantFrom('1.0', '0.2.2', '2.0.0', 'v1.0.0', '1.0.0,1.0.0', '1.0.0;'),
  headerValue.filter((value) => value.trim() !== TUS_VERSION),
)

/** Non-negative-integer header values that are not one. */
export const badIntegerHeader = fc.oneof(
  fc.constant<string | null>(null),
  fc.constantFrom('-1', '1.5', '1e3', '0x10', 'NaN', '', '99999999999999999', '\xb9', '1,2'),
  headerValue.filter((value) => !/^\d{1,16}$/.test(value.trim())),
)

/**
 * Upload-Metadata headers the parser refuses: an empty filename, bad base64, extra parts, bad
 * measurements (no header, or one without a filename, is valid and filtered out below).
 */
export const badUploadMetadata = fc
  .oneof(
    fc.constant<string | null>(null),
    fc.constantFrom(
      '',
      'filename',
      'filename !!!',
      'filename a b c',
      `filename ${Buffer.from('a.txt').toString('base64')},width ${Buffer.from('wide').toString('base64')}`,
      `filetype ${Buffer.from('image/png').toString('base64')}`,
      `filename ${Buffer.from('x'.repeat(300)).toString('base64')}`,
      `filename ${Buffer.from('a.txt').toString('base64')},sha256 ${Buffer.from('nothex').toString('base64')}`,
      `filename ${Buffer.from('a.txt').toString('base64')},duration ${Buffer.from('-5').toString('base64')}`,
      // A key given twice (tus: keys are unique), which would otherwise take its last value.
      `filename ${Buffer.from('a.txt').toString('base64')},filename ${Buffer.from('b.txt').toString('base64')}`,
    ),
    headerValue,
    fc
      .array(
        fc.tuple(fc.constantFrom('filename', 'width', 'height', 'duration', 'sha256', 'x'), fc.jsonValue()),
        {
          maxLength: 3,
        },
      )
      .map((pairs) =>
        pairs
          .map(
            ([key, value]) =>
              `${key} ${Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64')}`,
          )
          .join(','),
      ),
  )
  .filter((header) => !metadataParses(header))

function metadataParses(header: string | null): boolean {
  try {
    parseUploadMetadata(header)
    return true
  } catch {
    return false
  }
}

type DefectValues<T> = { [K in keyof T]: T[K] extends fc.Arbitrary<infer V> ? V : never }

/**
 * Defects to apply to an otherwise valid request: one at a time mostly, so each check is reached on
 * its own rather than hidden behind the first one the handler makes, and now and then several.
 */
export function someDefects<T extends Record<string, fc.Arbitrary<unknown>>>(
  defects: T,
): fc.Arbitrary<Partial<DefectValues<T>>> {
  const keys = Object.keys(defects) as (keyof T & string)[]
  const single = keys.map((key) =>
    (defects[key] as fc.Arbitrary<unknown>).map((value) => ({ [key]: value }) as Partial<DefectValues<T>>),
  )
  const several = fc
    .record(defects, { requiredKeys: [] })
    .filter((chosen) => Object.keys(chosen).length > 1) as fc.Arbitrary<Partial<DefectValues<T>>>
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...single) }, { weight: 1, arbitrary: several })
}
