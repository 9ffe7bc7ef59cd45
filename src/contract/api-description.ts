import * as z from 'zod'

import {
  ACCESS_COOKIE_NAME,
  cardPicturePurpose,
  CARD_PICTURE_WIDTHS,
  SIGN_OUT_EVERYWHERE_QUERY,
} from './access'
import { accessSignInSchema, accessStatusSchema } from './access-schemas'
import { ACTIVITY_ACTIONS, ACTIVITY_ID_PATTERN, activityPageSchema } from './activity'
import {
  batchDeleteRequestSchema,
  batchMoveRequestSchema,
  batchMoveResponseSchema,
  batchResponseSchema,
  batchUpdateRequestSchema,
  deleteResponseSchema,
  errorBodySchema,
  folderDeleteResponseSchema,
  folderListSchema,
  folderUpdateResponseSchema,
  mediaFileAnswerSchema,
  mediaPageSchema,
  trashIdsRequestSchema,
  trashPageSchema,
  updateResponseSchema,
  uploadResponseSchema,
  webflowSyncAllResponseSchema,
  webflowSyncAllStatusSchema,
  webflowSyncResponseSchema,
} from './api'
import { cloudinarySignatureSchema } from './cloudinary-signature'
import { folderCreateSchema, folderSchema, folderUpdateSchema } from './folder'
import { fileIdSchema, folderIdSchema } from './ids'
import { IMAGE_FITS, IMAGE_FORMATS, servedSizesText } from './image-renditions'
import { importRequestSchema } from './imports'
import {
  acceptedPersonSchema,
  createdTokenSchema,
  invitedPersonSchema,
  inviteAcceptSchema,
  personInviteSchema,
  personListSchema,
  personSchema,
  personUpdateSchema,
  tokenCreateSchema,
  tokenListSchema,
  passwordChangeSchema,
} from './people'
import { API_TOKEN_PREFIX, INVITE_DAYS, PASSWORD_MIN_LENGTH, TOKEN_MAX_DAYS } from './people-limits'
import { ALL_TOKENS_QUERY } from './people-paths'
import { LIMITS } from './limits'
import { mediaPageChangesSchema, mediaPagesAnswerSchema } from './media-pages-schema'
import { CHANGES_QUERY, CURSOR_PAGES, PAGE_SHARDS } from './media-pages'
import { mediaRecordSchema, recordCreateSchema, recordPatchSchema } from './record'
import { replaceFileResponseSchema, replaceFileSchema } from './replace-file'
import type { API_ROUTES } from './routes'
import {
  createdShareSchema,
  shareCreateSchema,
  SHARE_ID_PATTERN,
  SHARE_SIGNATURE_PATTERN,
  shareListSchema,
} from './shares'
import { tagsInput } from './tags'
import {
  DEFAULT_MAX_UPLOAD_BYTES,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  builtInFileUrl,
  UPLOAD_RESULT_HEADER,
  uploadStatusSchema,
} from './uploads'
import { fileUsageSchema } from './usage'
import { webflowStatusSchema } from './webflow'
import {
  deliveryIdSchema,
  deliveryListSchema,
  deliveryQueuedSchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookIdSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from './webhooks'

/**
 * What the API is, endpoint by endpoint, for its OpenAPI document (`GET /api/openapi.json`, built by
 * netlify/server/openapi/openapi-document.ts, which adds each function's rate limit). The schemas are
 * the contract's own zod schemas, the ones the functions validate with; this file only says which goes
 * where, what each status means, and gives examples.
 *
 * `API_DESCRIPTION` has one entry per row of `API_ROUTES` (routes.ts) but the fallback, and each entry
 * names every `:part` of its path: a route added to the table without its entry here fails to compile.
 * Zod is imported, so the screen never imports this file.
 */

type Route = (typeof API_ROUTES)[number]
/** The routes the document describes: every one but the fallback, which answers what no route takes. */
export type DescribedRoute = Exclude<Route, { fallback: true }>
export type DescribedRouteName = DescribedRoute['name']

/** The name of the part a trailing `/*` of a route path takes in the document. */
export const SPLAT_PARAMETER = 'name'

/** The parameters of a route path: each `:part`, and `name` for a trailing `/*`. */
type PathParameters<P extends string> = P extends `${string}:${infer Part}/${infer Rest}`
  ? Part | PathParameters<`/${Rest}`>
  : P extends `${string}:${infer Part}`
    ? Part
    : P extends `${string}/*`
      ? typeof SPLAT_PARAMETER
      : never

/** A route path as the document writes it: `/api/files/:id/*` is `/api/files/{id}/{name}`. */
export function documentPath(routePath: string): string {
  return routePath.replace(/\/\*$/, `/{${SPLAT_PARAMETER}}`).replace(/:(\w+)/g, '{$1}')
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'OPTIONS'

/**
 * Who may call an endpoint when the site sets `APP_ACCESS_TOKEN` (the access gate): `gate`, a caller
 * with the sign-in cookie or the token; `open`, anyone; `signed-link`, anyone holding the link, whose
 * signature in the path is the credential. Without the setting every endpoint is open.
 */
export type Access = 'gate' | 'open' | 'signed-link'

/**
 * Every error status an endpoint may answer, and what it means. The body is `{ "error": message }`
 * unless the operation says otherwise. tests/netlify/server/openapi/ holds the server's error map
 * (netlify/server/http/error-statuses.ts) to this list.
 */
export const ERROR_MEANINGS = {
  400: 'The request is malformed or breaks a limit, or names a query parameter the endpoint does not take (or one twice); the message names what to fix.',
  401: 'The access gate is on and the request has no valid credential (`WWW-Authenticate` names the scheme).',
  403: 'The credential is valid, but its role or token scope does not allow this call (or a cookie came from another site).',
  404: 'No such file, folder, upload, share link or path.',
  405: 'The path does not take this method; `Allow` lists those it takes.',
  409: 'The request conflicts with what is stored now (a name taken, a stale version, a full record shard).',
  410: 'Gone for good: an upload that expired or was ended, a record purged from the trash.',
  412: 'A condition of the request does not hold: a tus request without `Tus-Resumable: 1.0.0`, or an update whose `If-Match` no longer names the stored version.',
  413: `The body is too large: a JSON body over ${String(LIMITS.jsonBodyBytes)} bytes, a chunk or a file over its limit.`,
  415: 'The body is not `application/json` (or, for a tus chunk, not `application/offset+octet-stream`).',
  416: 'The `Range` asked for lies outside the file (`Content-Range` gives its size).',
  429: 'A per-caller budget is spent; `Retry-After` says when to ask again.',
  460: "The chunk's `Upload-Checksum` does not match its bytes (the tus checksum extension's status).",
  500: 'The server failed; the message is the endpoint\'s own ("Save failed", "Update failed", ...).',
  501: 'The site is not configured for this (e.g. signed Cloudinary uploads without credentials).',
  502: 'A service the endpoint calls (Webflow) answered with an error.',
  503: 'Storage is unavailable or busy for now, or the access gate is misconfigured; `Retry-After` says when to retry.',
} as const
export type ErrorStatus = keyof typeof ERROR_MEANINGS

export interface ParameterDescription {
  description: string
  schema: z.ZodType
  example?: string | number
  /** Query parameters and headers are optional unless said; path parameters are always required. */
  required?: true
}

/** A JSON body with its schema and an example, or bytes of a given type. */
export type BodyDescription =
  | { schema: z.ZodType; example: unknown; description?: string }
  | { contentType: string; description: string; required?: true }

export interface AnswerDescription {
  description: string
  /** The JSON body's schema; absent when the answer has no JSON body. */
  schema?: z.ZodType
  example?: unknown
  /** A body that is not JSON (file bytes), by media type. */
  content?: string
  /** Headers the answer carries, and what they say. */
  headers?: Record<string, string>
}

/** Sizes and counts that bound an operation (`LIMITS`, limits.ts): each named, with what it bounds here. */
export type LimitName = keyof typeof LIMITS

export interface OperationDescription {
  summary: string
  description?: string
  query?: Record<string, ParameterDescription>
  headers?: Record<string, ParameterDescription>
  body?: BodyDescription
  /** The answers that are not errors, by status. */
  answers: Record<number, AnswerDescription>
  /**
   * The error statuses this operation answers, besides those every one may: 401 and 403 behind the gate, 500
   * and 503.
   */
  errors: readonly ErrorStatus[]
  /** The body of its errors, when not `{ error }` (the upload's `{ success: false, error }`). */
  errorBody?: z.ZodType
  limits?: Partial<Record<LimitName, string>>
}

export type Tag = keyof typeof TAGS

/** An endpoint: its tag, who may call it, its path parameters and what each method does. */
export interface DescribedEndpoint {
  tag: Tag
  access: Access
  parameters?: Record<string, ParameterDescription>
  operations: Partial<Record<HttpMethod, OperationDescription>>
}

/** An endpoint whose path has these parameters: each described, and no other. */
export type EndpointDescription<Parameters extends string> = Omit<DescribedEndpoint, 'parameters'> &
  ([Parameters] extends [never]
    ? { parameters?: undefined }
    : { parameters: Record<Parameters, ParameterDescription> })

/** One entry per described route, with each of its path parameters: the compiler checks both. */
export type ApiDescription = {
  [R in DescribedRoute as R['name']]: EndpointDescription<PathParameters<R['path']>>
}

export const TAGS = {
  Files: 'File records: list, create, edit, replace, delete, in batches too.',
  Folders: 'The folder tree.',
  Trash: 'Deleted records, kept until they are restored or purged.',
  Uploads: 'The built-in media host: tus 1.0 resumable uploads, and the files it serves.',
  'Share links': 'Links that open one file for anyone holding them, until they expire or are revoked.',
  Access: 'The optional access gate: sign in, sign out, and whether calls need the token.',
  People: 'People with roles (viewer, editor, admin), their invitations, and personal API tokens.',
  Webflow: 'The mirror of records into a Webflow CMS collection.',
  Cloudinary: 'Signed uploads to the configured Cloudinary account.',
  Webhooks:
    'Signed requests (Standard Webhooks) sent to other systems when files and folders change, retried for 24 hours.',
  Activity:
    'Who did what: every change to files and folders, sign-ins, people, tokens, share links and syncs.',
  Reference: 'This document and its reference page.',
} as const

// ---------------------------------------------------------------------------------------------------
// Schemas the document names, so they read as one component wherever they appear.

/** Component names of the schemas used in more than one place. */
export const NAMED_SCHEMAS: readonly (readonly [z.ZodType, string])[] = [
  [mediaRecordSchema, 'MediaRecord'],
  [folderSchema, 'Folder'],
  [errorBodySchema, 'Error'],
  [batchResponseSchema, 'BatchResult'],
  [batchIdsOf(trashIdsRequestSchema), 'BatchIds'],
  [recordPatchSchema, 'RecordPatch'],
  [mediaPageSchema, 'MediaPage'],
]

function batchIdsOf(schema: typeof trashIdsRequestSchema) {
  return schema.shape.ids
}

/**
 * Inputs a zod preprocess widens beyond what its schema says, written as the wire takes them: tags as
 * a comma-separated string too (spec section 7).
 */
export const INPUT_SCHEMAS: readonly (readonly [z.ZodType, Record<string, unknown>])[] = [
  [
    tagsInput,
    {
      anyOf: [
        { type: 'string', description: 'Comma-separated, as in "nature, sky"' },
        {
          type: 'array',
          items: { type: 'string', maxLength: LIMITS.tagChars },
          maxItems: LIMITS.tagsPerRecord,
        },
      ],
      description: `At most ${String(LIMITS.tagsPerRecord)} tags of at most ${String(LIMITS.tagChars)} characters; tags that read the same are one tag.`,
    },
  ],
]

/** The failure body of the two creates (`POST /api/upload`, `POST /api/import`). */
const createFailureSchema = uploadResponseSchema.options[1]

// ---------------------------------------------------------------------------------------------------
// Examples, checked against their schemas (tests/src/contract/api-description.test.ts).

const EXAMPLE_TIME = '2026-05-01T09:30:00.000Z'
const EXAMPLE_UPLOAD = '0mos3k2x7Qm3pXr6fE1aZ8wVb'
const REPLACING_UPLOAD = '0mos3k9z1Lc2Ud6nA0pJ1b8kq'

const EXAMPLE_RECORD = {
  id: 42,
  title: 'Harbour at dawn',
  description: 'The harbour from the east pier.',
  category: 'Images',
  file_type: 'image/jpeg',
  media_url: builtInFileUrl(EXAMPLE_UPLOAD, 'harbour.jpg'),
  thumbnail: null,
  file_size: 2_483_201,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
  tags: ['harbour', 'morning'],
  notes: '',
  alt_text: 'Fishing boats moored in a calm harbour at sunrise',
  station: 'North',
  author: 'Ada',
  folder_path: '/Photos',
  public_id: `HIBF_assets/${EXAMPLE_UPLOAD}`,
  resource_type: 'image',
  format: 'jpg',
  width: 4000,
  height: 3000,
  duration: null,
  sha256: 'c0535e4be2b79ffd93291305436bf889314e4a3faec05ecffcbb7df31ad9e51a',
}

const EXAMPLE_FOLDER = { id: 3, name: 'Photos', path: '/Photos', parent_path: '/' }

const BATCH_EXAMPLE = {
  results: [
    { id: 42, success: true, record: EXAMPLE_RECORD },
    { id: 43, success: false, error: 'File 43 not found' },
  ],
  succeeded: 1,
  failed: 1,
}

// ---------------------------------------------------------------------------------------------------
// Parameters used by several endpoints.

const webhookIdParameter: ParameterDescription = {
  description: 'The webhook endpoint id.',
  schema: webhookIdSchema,
  example: 'wh_k3v9q2m8x1z7p4r6',
}

const EXAMPLE_WEBHOOK = {
  id: 'wh_k3v9q2m8x1z7p4r6',
  url: 'https://hooks.example.org/media',
  events: ['file.created', 'file.deleted'],
  description: 'Rebuild the site',
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  secret_prefix: 'whsec_MfKQ',
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
}

const EXAMPLE_QUEUED = {
  delivery: {
    id: 'dlv_0a1b2c3d4e5f6g7h8i9j0k1l',
    message_id: 'msg_2Lh9Rb0cYv8Zk3Qw',
    event: 'webhook.test',
    state: 'pending',
    created_at: EXAMPLE_TIME,
    next_attempt_at: EXAMPLE_TIME,
    attempts: [],
  },
}

const EXAMPLE_PERSON = {
  id: 'p_7kq2m9x4',
  email: 'dana@example.org',
  name: 'Dana',
  role: 'editor' as const,
  status: 'active' as const,
  last_seen_at: EXAMPLE_TIME,
}

const EXAMPLE_TOKEN = {
  id: 't_3vx8c1n5',
  name: 'Site build',
  scope: 'read' as const,
  prefix: `${API_TOKEN_PREFIX}Jx8Q`,
  created_at: EXAMPLE_TIME,
  last_used_at: EXAMPLE_TIME,
  expires_at: EXAMPLE_TIME,
  owner: { type: 'person' as const, id: 'p_7kq2m9x4', name: 'Dana' },
}

const fileIdParameter: ParameterDescription = {
  description: 'The file id (a record id): a positive whole number.',
  schema: fileIdSchema,
  example: 42,
}

const folderIdParameter: ParameterDescription = {
  description: 'The folder id.',
  schema: folderIdSchema,
  example: 3,
}

const uploadIdParameter: ParameterDescription = {
  description: 'The upload id the creation answered in `Location`: 25 letters, digits, `-` and `_`.',
  schema: z.string().regex(/^[0-9a-z]{9}[A-Za-z0-9_-]{16}$/),
  example: EXAMPLE_UPLOAD,
}

const fileNameParameter: ParameterDescription = {
  description: 'The file name the browser shows and saves under; the server ignores it.',
  schema: z.string().min(1),
  example: 'harbour.jpg',
}

const pageQuery = (what: string): Record<string, ParameterDescription> => ({
  cursor: {
    description: `The \`next\` of the previous page; absent for the first ${what}.`,
    schema: z.string(),
  },
  limit: {
    description: `Records a page, 1 to ${String(LIMITS.pageMax)} (default ${String(LIMITS.pageDefault)}).`,
    schema: z.int().min(1).max(LIMITS.pageMax),
  },
})

const conditionalGet: Record<string, ParameterDescription> = {
  'If-None-Match': {
    description: 'The `ETag` of an earlier answer: 304 without a body while it still holds.',
    schema: z.string(),
  },
}

const ifMatch: Record<string, ParameterDescription> = {
  'If-Match': {
    description:
      'The `ETag` of the record as last read, or several separated by commas: the update is made only while one of them is the stored version, else 412 and nothing changes. `*`: any version.',
    schema: z.string(),
    example: '"Rk1pUeZq0pQb3vY8n2Xc5dLw7hA"',
  },
}

const idempotencyKey: Record<string, ParameterDescription> = {
  'Idempotency-Key': {
    description:
      'Any 1-200 visible ASCII characters (a UUID): a repeat within a day answers with the record the first call made, not a second one.',
    schema: z.string().min(1).max(200),
    example: '9b2f6c1e-3a57-4d0b-8f0e-2c4c1a7d9e11',
  },
}

const tusVersion: Record<string, ParameterDescription> = {
  'Tus-Resumable': { description: 'The tus version: `1.0.0`.', schema: z.literal('1.0.0'), required: true },
}

const fileBytes = (what: string): AnswerDescription => ({
  description: `${what} (in windows of at most 8 MiB: a larger file answers its first window as 206 with \`Content-Range\`).`,
  content: '*/*',
  headers: {
    ETag: 'The file version.',
    'Accept-Ranges': '`bytes`.',
    'Content-Disposition': 'inline or attachment, with the name.',
  },
})

const rangedFile = (what: string): Record<number, AnswerDescription> => ({
  200: fileBytes(what),
  206: {
    description: 'The part of the file `Range` asked for.',
    content: '*/*',
    headers: { 'Content-Range': 'Which bytes, and the file size.' },
  },
  304: { description: 'Not modified: the `If-None-Match` ETag still holds.' },
})

const fileRequestHeaders: Record<string, ParameterDescription> = {
  Range: { description: 'One range of bytes, such as `bytes=0-1023`.', schema: z.string() },
  ...conditionalGet,
}

const tusProgressHeaders = {
  'Upload-Offset': 'The bytes stored so far.',
  'Upload-Length': 'The size of the whole file.',
  'Upload-Expires': 'When an unfinished upload is removed.',
  'Tus-Resumable': '`1.0.0`.',
  [UPLOAD_RESULT_HEADER]:
    'Once the upload is complete: what `GET /api/uploads/{id}` answers, as base64url JSON.',
}

const purposes = ['thumbnail', ...CARD_PICTURE_WIDTHS.map(cardPicturePurpose), 'office'] as const

// ---------------------------------------------------------------------------------------------------

export const API_DESCRIPTION: ApiDescription = {
  media: {
    tag: 'Files',
    access: 'gate',
    operations: {
      GET: {
        summary: 'List file records',
        description:
          'One page of records (not the trash), by id. Follow `next` until it is null. The screen loads the list with `GET /api/media-pages` instead.',
        query: pageQuery('page'),
        headers: conditionalGet,
        answers: {
          200: {
            description: 'A page of records.',
            schema: mediaPageSchema,
            example: { records: [EXAMPLE_RECORD], next: null },
            headers: { ETag: 'The version of this page.' },
          },
          304: { description: 'Not modified: the `If-None-Match` ETag still holds.' },
        },
        errors: [400],
        limits: {
          pageMax: 'records a page',
          bufferedAnswerBytes: 'bytes an answer (it stops early, with `next`)',
        },
      },
    },
  },
  mediaUsage: {
    tag: 'Files',
    access: 'gate',
    parameters: { id: fileIdParameter },
    operations: {
      GET: {
        summary: 'Where a file is used',
        description:
          "The file's Webflow item, its share links that still open and its folder, from what the server already knows (nothing asks Webflow).",
        answers: {
          200: {
            description: 'Where the file is used; empty lists and 0 when nowhere.',
            schema: fileUsageSchema,
            example: {
              webflow: [
                {
                  item_id: '6650a1b2c3d4e5f601234567',
                  collection_id: '6650a1b2c3d4e5f600000001',
                  field: 'media-url',
                  url: 'https://media.example.org/api/files/abc123/pier.jpg',
                  live: true,
                },
              ],
              shares: 2,
              folders: [EXAMPLE_FOLDER],
            },
          },
        },
        errors: [400, 404],
      },
    },
  },
  mediaFile: {
    tag: 'Files',
    access: 'gate',
    parameters: { id: fileIdParameter },
    operations: {
      GET: {
        summary: 'One file',
        description:
          "The file's record, from one read: a link or a script holding an id asks here rather than loading the library. A file in the trash is answered too, with `deleted_at`; a file deleted for good, or never made, is a 404.",
        answers: {
          200: {
            description: 'The record as it is now; `deleted_at` when it is in the trash.',
            schema: mediaFileAnswerSchema,
            example: { record: EXAMPLE_RECORD },
            headers: {
              ETag: 'The version of this record: send it as `If-Match` with `PATCH /api/update/{id}`.',
            },
          },
        },
        errors: [400, 404],
      },
    },
  },
  mediaPages: {
    tag: 'Files',
    access: 'gate',
    operations: {
      GET: {
        summary: 'Load the library in shard pages',
        description: `The screen's listing: records of a range of shards (${String(PAGE_SHARDS)} shards a page of 500 ids each), encoded column by column, streamed. \`?${CHANGES_QUERY}=<cursor>\` alone answers what changed since the pages a client holds, in one answer: every page's ETag, and the changed pages that fit (a client asks for any other changed page by \`shards\`).`,
        query: {
          shards: {
            description: `A range of at most ${String(PAGE_SHARDS)} shards, such as \`0-${String(PAGE_SHARDS - 1)}\`.`,
            schema: z.string(),
            example: `0-${String(PAGE_SHARDS - 1)}`,
          },
          [CHANGES_QUERY]: {
            description: `The client's version: the ETag it holds for each page, in page order (page 0 is shards 0-0, page 1 shards 1-${String(PAGE_SHARDS - 1)}, then ${String(PAGE_SHARDS)} shards a page), each without its quotes, joined by \`.\`, an empty part for a page not held; at most ${String(CURSOR_PAGES)} pages.`,
            schema: z.string(),
            example: 'kVfK1r0uJ7kB2xQ3n9mX4pA6sLe.',
          },
        },
        headers: conditionalGet,
        answers: {
          200: {
            description:
              "The range's records (`mediaPagesAnswerSchema`), or with `?changes=` every page's ETag and the changed pages' answers (`mediaPageChangesSchema`, never cached).",
            schema: z.union([mediaPagesAnswerSchema, mediaPageChangesSchema]),
            example: {
              shard_count: 1,
              etags: ['"kVfK1r0uJ7kB2xQ3n9mX4pA6sLe"', '"Qm3c8ZrT0yWv5bN1aHd7eKx2uPo"'],
              pages: [],
            },
            headers: { ETag: 'The version of the range (not sent with `?changes=`).' },
          },
          304: { description: 'Not modified: the `If-None-Match` ETag still holds.' },
        },
        errors: [400],
        limits: { pageAnswerBytes: 'bytes an answer (it names the rest in `next_shards`)' },
      },
    },
  },
  upload: {
    tag: 'Files',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Create a file record',
        description:
          'Stores the record of a file already on the media host (spec section 7). For a file of the built-in host the server takes type, size, dimensions and fingerprint from what it stored, whatever the body says. Other field names are taken too (`url`, `size`, `File Size`, `Upload Date`, ...).',
        headers: idempotencyKey,
        body: {
          schema: recordCreateSchema,
          example: {
            title: 'Harbour at dawn',
            media_url: builtInFileUrl(EXAMPLE_UPLOAD, 'harbour.jpg'),
            category: 'Images',
            tags: 'harbour, morning',
            folder_path: '/Photos',
          },
        },
        answers: {
          201: {
            description: 'The record as stored.',
            schema: uploadResponseSchema,
            example: { success: true, record: EXAMPLE_RECORD },
          },
        },
        errors: [400, 404, 409, 410, 413, 415],
        errorBody: createFailureSchema,
        limits: { jsonBodyBytes: 'bytes of JSON', fileBytes: 'bytes a record may claim' },
      },
    },
  },
  import: {
    tag: 'Files',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Import a file from an address',
        description:
          'The server fetches the file at the https address onto the media host and stores its record; an address that could reach inside the network is refused with 400, before any connection.',
        headers: idempotencyKey,
        body: {
          schema: importRequestSchema,
          example: {
            url: 'https://example.org/harbour.jpg',
            title: 'Harbour at dawn',
            folder_path: '/Photos',
          },
        },
        answers: {
          201: {
            description: 'The record of the imported file.',
            schema: uploadResponseSchema,
            example: { success: true, record: EXAMPLE_RECORD },
          },
        },
        errors: [400, 404, 409, 410, 413, 415],
        errorBody: createFailureSchema,
        limits: { urlChars: 'characters of the address', jsonBodyBytes: 'bytes of JSON' },
      },
    },
  },
  update: {
    tag: 'Files',
    access: 'gate',
    parameters: { id: fileIdParameter },
    operations: {
      PATCH: {
        summary: "Edit a file's fields",
        description:
          "`add_tags` and `remove_tags` change tags without replacing them. With `If-Match`, the change is made only while the record is still the version read (`GET /api/media/{id}` gives its `ETag`), checked in the same write: someone else's change since is never overwritten unseen.",
        headers: ifMatch,
        body: { schema: recordPatchSchema, example: { title: 'Harbour at sunrise', add_tags: 'boats' } },
        answers: {
          200: {
            description: 'The record as it is now.',
            schema: updateResponseSchema,
            example: { success: true, record: EXAMPLE_RECORD },
            headers: { ETag: 'The version of the record as updated.' },
          },
        },
        errors: [400, 404, 409, 412, 413, 415],
        limits: {
          titleChars: 'characters of `title`',
          descriptionChars: 'characters of `description`',
          tagsPerRecord: 'tags a record',
          recordBytes: 'bytes of the stored record',
        },
      },
    },
  },
  replace: {
    tag: 'Files',
    access: 'gate',
    parameters: { id: fileIdParameter },
    operations: {
      POST: {
        summary: "Replace a file's bytes",
        description:
          'Points the record at a newly uploaded file; the version it replaced becomes a record of its own in the trash.',
        body: {
          schema: replaceFileSchema,
          example: {
            media_url: builtInFileUrl(REPLACING_UPLOAD, 'harbour.jpg'),
            replaces: builtInFileUrl(EXAMPLE_UPLOAD, 'harbour.jpg'),
          },
        },
        answers: {
          200: {
            description: 'The record with its new file, and the version it replaced (null on a repeat).',
            schema: replaceFileResponseSchema,
            example: { success: true, record: EXAMPLE_RECORD, previous: null },
          },
        },
        errors: [400, 404, 409, 413, 415],
      },
    },
  },
  delete: {
    tag: 'Files',
    access: 'gate',
    parameters: { id: fileIdParameter },
    operations: {
      DELETE: {
        summary: 'Move a file to the trash',
        answers: {
          200: { description: 'Deleted.', schema: deleteResponseSchema, example: { success: true, id: 42 } },
        },
        errors: [400, 404],
      },
    },
  },
  batchUpdate: {
    tag: 'Files',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Edit many files',
        description:
          'Every update is checked before any is applied, and names its file once (400 otherwise); then each item succeeds or fails alone.',
        body: {
          schema: batchUpdateRequestSchema,
          example: { updates: [{ id: 42, fields: { category: 'Images', add_tags: 'archive' } }] },
        },
        answers: {
          200: { description: 'A result per id.', schema: batchResponseSchema, example: BATCH_EXAMPLE },
        },
        errors: [400, 413, 415],
        limits: {
          batchItems: 'updates a call',
          batchShards: 'record shards (500 consecutive ids each) a call',
        },
      },
    },
  },
  batchDelete: {
    tag: 'Files',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Move many files to the trash',
        body: { schema: batchDeleteRequestSchema, example: { ids: [42, 43] } },
        answers: {
          200: { description: 'A result per id.', schema: batchResponseSchema, example: BATCH_EXAMPLE },
        },
        errors: [400, 413, 415],
        limits: { batchItems: 'ids a call', batchShards: 'record shards (500 consecutive ids each) a call' },
      },
    },
  },
  folderList: {
    tag: 'Folders',
    access: 'gate',
    operations: {
      GET: {
        summary: 'List every folder',
        answers: {
          200: { description: 'Every folder.', schema: folderListSchema, example: [EXAMPLE_FOLDER] },
        },
        errors: [],
        limits: { folders: 'folders' },
      },
    },
  },
  folderCreate: {
    tag: 'Folders',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Create a folder',
        body: { schema: folderCreateSchema, example: { name: 'Photos', parent_path: '/' } },
        answers: { 201: { description: 'The new folder.', schema: folderSchema, example: EXAMPLE_FOLDER } },
        errors: [400, 404, 409, 413, 415],
        limits: {
          folderNameChars: 'characters of a name',
          folders: 'folders',
          foldersBytes: 'bytes of all folders',
        },
      },
    },
  },
  folderUpdate: {
    tag: 'Folders',
    access: 'gate',
    parameters: { id: folderIdParameter },
    operations: {
      POST: {
        summary: 'Rename or move a folder',
        description: 'The path of every folder and file inside follows.',
        body: { schema: folderUpdateSchema, example: { name: 'Harbour photos' } },
        answers: {
          200: {
            description: 'The folder as it is now, and what followed it.',
            schema: folderUpdateResponseSchema,
            example: {
              ok: true,
              folder: { ...EXAMPLE_FOLDER, name: 'Harbour photos', path: '/Harbour photos' },
              previous_path: '/Photos',
              updated_folders: 1,
              moved_files: 12,
            },
          },
        },
        errors: [400, 404, 409, 413, 415],
      },
    },
  },
  folderDelete: {
    tag: 'Folders',
    access: 'gate',
    parameters: { id: folderIdParameter },
    operations: {
      DELETE: {
        summary: 'Delete a folder',
        description: 'Its files and folders move to its parent.',
        answers: {
          200: {
            description: 'What was removed and moved.',
            schema: folderDeleteResponseSchema,
            example: { ok: true, folder: EXAMPLE_FOLDER, removed_folders: 1, moved_files: 12, moved_to: '/' },
          },
        },
        errors: [400, 404, 409],
      },
    },
  },
  batchMoveToFolder: {
    tag: 'Files',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Move many files to a folder',
        description:
          '`folderId` null is the root. Spec section 7 calls it at `/.netlify/functions/batch-move-to-folder`.',
        body: { schema: batchMoveRequestSchema, example: { fileIds: [42, 43], folderId: 3 } },
        answers: {
          200: {
            description: 'A result per file.',
            schema: batchMoveResponseSchema,
            example: {
              results: [
                { fileId: 42, success: true },
                { fileId: 43, success: false, error: 'File 43 not found' },
              ],
              succeeded: 1,
              failed: 1,
            },
          },
        },
        errors: [400, 404, 409, 413, 415],
        limits: { batchItems: 'ids a call', batchShards: 'record shards (500 consecutive ids each) a call' },
      },
    },
  },
  uploads: {
    tag: 'Uploads',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Start a tus upload',
        description: `tus 1.0 creation, optionally with the first chunk (creation-with-upload). Every chunk but the last is ${String(MIN_CHUNK_BYTES)} to ${String(MAX_CHUNK_BYTES)} bytes; a file may be up to \`MAX_UPLOAD_BYTES\` (default ${String(DEFAULT_MAX_UPLOAD_BYTES)}). Any tus 1.0 client works.`,
        headers: {
          ...tusVersion,
          'Upload-Length': {
            description: 'The size of the whole file in bytes.',
            schema: z.int().min(0),
            required: true,
          },
          'Upload-Metadata': {
            description: 'tus metadata: `filename` (required) and `filetype`, each base64.',
            schema: z.string(),
            required: true,
            example: 'filename aGFyYm91ci5qcGc=,filetype aW1hZ2UvanBlZw==',
          },
          'Upload-Checksum': {
            description: "The first chunk's checksum, such as `sha1 <base64>`.",
            schema: z.string(),
          },
        },
        body: {
          contentType: 'application/offset+octet-stream',
          description: 'The first chunk, when the creation carries one.',
        },
        answers: {
          201: {
            description: "Created; `Location` is the upload's address.",
            headers: { Location: 'The upload: `/api/uploads/{id}`.', ...tusProgressHeaders },
          },
        },
        errors: [400, 412, 413, 415, 460],
        limits: { fileBytes: "bytes a file (the server's MAX_UPLOAD_BYTES is lower)" },
      },
      OPTIONS: {
        summary: "The server's tus capabilities",
        answers: {
          204: {
            description: 'What the server supports.',
            headers: {
              'Tus-Version': '`1.0.0`.',
              'Tus-Extension': 'The extensions supported.',
              'Tus-Max-Size': 'The largest file.',
              'Tus-Checksum-Algorithm': 'The checksums taken.',
              'X-Chunk-Max-Size': 'The largest chunk.',
              'X-Chunk-Min-Size': 'The smallest chunk but the last.',
            },
          },
        },
        errors: [],
      },
    },
  },
  uploadById: {
    tag: 'Uploads',
    access: 'gate',
    parameters: { id: uploadIdParameter },
    operations: {
      HEAD: {
        summary: 'Where a tus upload stands',
        headers: tusVersion,
        answers: { 200: { description: 'Its offset and length.', headers: tusProgressHeaders } },
        errors: [404, 410, 412],
      },
      PATCH: {
        summary: 'Send the next chunk',
        headers: {
          ...tusVersion,
          'Upload-Offset': {
            description: 'Where this chunk starts.',
            schema: z.int().min(0),
            required: true,
          },
          'Upload-Checksum': {
            description: "The chunk's checksum, such as `sha1 <base64>`.",
            schema: z.string(),
          },
        },
        body: {
          contentType: 'application/offset+octet-stream',
          description: 'The chunk.',
          required: true,
        },
        answers: { 204: { description: 'Stored; the new offset.', headers: tusProgressHeaders } },
        errors: [400, 404, 409, 410, 412, 413, 415, 460],
      },
      DELETE: {
        summary: 'End an unfinished upload',
        headers: tusVersion,
        answers: { 204: { description: 'Ended; its chunks are removed.' } },
        errors: [404, 409, 410, 412],
      },
      GET: {
        summary: "A finished upload's result",
        description:
          "What a media host answers for the stored file (Cloudinary's field names), and the fingerprint the server computed; or how far an unfinished upload has come.",
        answers: {
          200: {
            description: 'The result, or the progress.',
            schema: uploadStatusSchema,
            example: { complete: false, offset: 4_194_304, length: 9_000_000, expires_at: EXAMPLE_TIME },
          },
        },
        errors: [404, 410],
      },
    },
  },
  fileWithName: {
    tag: 'Uploads',
    access: 'gate',
    parameters: { id: uploadIdParameter, name: fileNameParameter },
    operations: {
      GET: {
        summary: 'A file of the built-in host',
        description: 'Served by type: inert types inline, anything that could run as a download.',
        headers: fileRequestHeaders,
        answers: rangedFile('The file'),
        errors: [404, 416],
      },
    },
  },
  file: {
    tag: 'Uploads',
    access: 'gate',
    parameters: { id: uploadIdParameter },
    operations: {
      GET: {
        summary: 'A file of the built-in host, without its name',
        headers: fileRequestHeaders,
        answers: rangedFile('The file'),
        errors: [404, 416],
      },
    },
  },
  fileLink: {
    tag: 'Uploads',
    access: 'gate',
    parameters: {
      purpose: {
        description: 'What the link is for: a thumbnail, a card picture of a width, or the Office viewer.',
        schema: z.enum(purposes),
        example: 'thumbnail',
      },
      id: uploadIdParameter,
      name: fileNameParameter,
    },
    operations: {
      GET: {
        summary: 'Redirect to a thumbnail or the Office viewer',
        description:
          "For fetchers that cannot send the visitor's cookie (the Image CDN, Microsoft's viewer): redirects to them with a link to the file signed for a short while.",
        answers: {
          302: { description: 'The thumbnail or viewer.', headers: { Location: 'Where to go.' } },
        },
        errors: [400, 404],
      },
    },
  },
  signedFile: {
    tag: 'Uploads',
    access: 'signed-link',
    parameters: {
      expires: { description: 'When the link expires (seconds since 1970).', schema: z.string() },
      signature: { description: "The link's signature.", schema: z.string() },
      id: uploadIdParameter,
      name: fileNameParameter,
    },
    operations: {
      GET: {
        summary: 'A file through a signed link',
        description: 'What `/api/file-link/...` redirects fetchers to; the signature is the credential.',
        headers: fileRequestHeaders,
        answers: rangedFile('The file'),
        errors: [404, 416],
      },
    },
  },
  image: {
    tag: 'Files',
    access: 'gate',
    parameters: { id: fileIdParameter },
    operations: {
      GET: {
        summary: 'An image with its delivery settings',
        description: `The record's image cropped, turned and sized, at one of the sizes the app asks for: ${servedSizesText()}. Parameters come in the order w, h, fit, fm, v, each left out at its default.`,
        query: {
          w: { description: 'Width in pixels.', schema: z.int().min(1) },
          h: { description: 'Height in pixels.', schema: z.int().min(1) },
          fit: { description: 'Within the box (the default) or cut to fill it.', schema: z.enum(IMAGE_FITS) },
          fm: {
            description: 'The format; `auto` (the default) picks by the browser.',
            schema: z.enum(IMAGE_FORMATS),
          },
          v: {
            description: "The record's image version, as the app writes it.",
            schema: z.string(),
            required: true,
          },
        },
        headers: conditionalGet,
        answers: {
          200: { description: 'The image.', content: 'image/*', headers: { ETag: 'The rendition.' } },
          302: {
            description:
              "An older version: to the current one. An image on the site's own Cloudinary account: to Cloudinary's URL of the rendition (an image on any other account or host is a 415).",
            headers: { Location: 'The current URL.' },
          },
          304: { description: 'Not modified: the `If-None-Match` ETag still holds.' },
        },
        errors: [400, 404, 413, 415, 429],
        limits: {
          imageInputPixels: 'pixels of the stored image',
          imageInputBytes: 'bytes of the stored image',
        },
      },
    },
  },
  share: {
    tag: 'Share links',
    access: 'gate',
    parameters: {
      id: {
        description:
          'POST: the file id to share. DELETE: the share id to revoke (`{file id}-{22 characters}`).',
        schema: z.string(),
        example: '42',
      },
    },
    operations: {
      POST: {
        summary: 'Make a share link',
        body: { schema: shareCreateSchema, example: { expires_in_hours: 24 } },
        answers: {
          201: {
            description: 'The link.',
            schema: createdShareSchema,
            example: {
              id: '42-q3V0bQyq2m3pXr6fE1aZ8w',
              url: 'https://media.example.org/api/shared/42-q3V0bQyq2m3pXr6fE1aZ8w/6nA0pJ1b8kq3VfXo0m0Vb2S3eRr6wQy4Zs9Kx1Lc2Ud',
              expires_at: EXAMPLE_TIME,
            },
          },
        },
        errors: [400, 404, 409, 413, 415],
        limits: {
          shareHoursMin: 'hours a link lives, at least',
          shareHoursMax: 'hours a link lives, at most',
          sharesPerFile: 'active links a file',
        },
      },
      DELETE: {
        summary: 'Revoke a share link',
        answers: { 204: { description: 'Revoked. A link already revoked, or never made, answers 404.' } },
        errors: [400, 404],
      },
    },
  },
  shares: {
    tag: 'Share links',
    access: 'gate',
    operations: {
      GET: {
        summary: "A file's active share links",
        query: {
          file: { description: 'The file id.', schema: fileIdSchema, required: true, example: 42 },
        },
        answers: {
          200: {
            description: 'Newest first.',
            schema: shareListSchema,
            example: [
              {
                id: '42-q3V0bQyq2m3pXr6fE1aZ8w',
                url: 'https://media.example.org/api/shared/42-q3V0bQyq2m3pXr6fE1aZ8w/6nA0pJ1b8kq3VfXo0m0Vb2S3eRr6wQy4Zs9Kx1Lc2Ud',
                expires_at: EXAMPLE_TIME,
                created_at: EXAMPLE_TIME,
              },
            ],
          },
        },
        errors: [400, 404],
      },
    },
  },
  sharedFile: {
    tag: 'Share links',
    access: 'open',
    parameters: {
      share: { description: 'The share id.', schema: z.string().regex(SHARE_ID_PATTERN) },
      signature: { description: "The link's signature.", schema: z.string().regex(SHARE_SIGNATURE_PATTERN) },
    },
    operations: {
      GET: {
        summary: 'Open a shared file',
        description:
          'For anyone holding the link, with or without the access gate, until it expires or is revoked. A refusal is JSON, or one plain sentence for a browser (`Accept: text/html`).',
        headers: fileRequestHeaders,
        answers: {
          ...rangedFile('The shared file'),
          302: { description: 'A file on Cloudinary: to its address.', headers: { Location: 'The file.' } },
        },
        errors: [400, 404, 410, 416],
      },
    },
  },
  access: {
    tag: 'Access',
    access: 'open',
    operations: {
      GET: {
        summary: 'Whether calls need the token',
        answers: {
          200: {
            description: 'Whether the gate is on.',
            schema: accessStatusSchema,
            example: { required: true },
          },
        },
        errors: [401],
      },
      POST: {
        summary: 'Sign in',
        description: `Checks the owner's token (in this body, or as \`Authorization: Bearer\`), or a person's \`email\` and \`password\`, and sets the HttpOnly cookie \`${ACCESS_COOKIE_NAME}\` naming a new session. Repeated failures for an email or from an address are slowed (429 with \`Retry-After\`); a wrong email and a wrong password get the same answer.`,
        body: { schema: accessSignInSchema, example: { token: 'the-value-of-APP_ACCESS_TOKEN' } },
        answers: {
          204: { description: 'Signed in.', headers: { 'Set-Cookie': `\`${ACCESS_COOKIE_NAME}\`.` } },
        },
        errors: [400, 401, 403, 409, 413, 415, 429],
      },
      DELETE: {
        summary: 'Sign out',
        description: `Ends the cookie's session; \`?${SIGN_OUT_EVERYWHERE_QUERY}=true\` (with a credential) ends every session.`,
        query: {
          [SIGN_OUT_EVERYWHERE_QUERY]: {
            description: 'End every session, in every browser.',
            schema: z.enum(['true', 'false']),
          },
        },
        answers: {
          204: {
            description: 'Signed out.',
            headers: { 'Set-Cookie': 'Expires the cookie.', 'Clear-Site-Data': 'The cache and storage.' },
          },
        },
        errors: [400, 401, 403],
      },
    },
  },
  accessPassword: {
    tag: 'Access',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Change your password',
        description: `A person signed in with their email and password changes it: the current one must match, the new one has at least ${String(PASSWORD_MIN_LENGTH)} characters and is not a common one. Every other session of theirs ends; the answer sets a new session cookie for this browser. Wrong current passwords are slowed as failed sign-ins are (429 with \`Retry-After\`).`,
        body: {
          schema: passwordChangeSchema,
          example: { current_password: 'harbour-lights-at-dusk', new_password: 'lanterns-over-the-quay' },
        },
        answers: {
          204: {
            description: 'Changed.',
            headers: { 'Set-Cookie': `\`${ACCESS_COOKIE_NAME}\`: a new session.` },
          },
        },
        errors: [400, 401, 403, 413, 415, 429],
      },
    },
  },
  people: {
    tag: 'People',
    access: 'gate',
    operations: {
      GET: {
        summary: 'Everyone with access (admins)',
        answers: {
          200: {
            description: 'People, invited ones included.',
            schema: personListSchema,
            example: { people: [EXAMPLE_PERSON] },
          },
        },
        errors: [403],
      },
      POST: {
        summary: 'Invite a person (admins)',
        description: `The answer holds a one-time invitation link, valid ${String(INVITE_DAYS)} days; the app sends no email.`,
        body: { schema: personInviteSchema, example: { email: 'dana@example.org', role: 'editor' } },
        answers: {
          201: {
            description: 'Invited; `invite_token` is shown this once.',
            schema: invitedPersonSchema,
            example: {
              id: EXAMPLE_PERSON.id,
              email: EXAMPLE_PERSON.email,
              role: 'editor',
              status: 'invited',
              invite_url: 'https://media.example.org/invite#q3V0bQyq2m3pXr6fE1aZ8w',
              invite_token: 'q3V0bQyq2m3pXr6fE1aZ8w',
              invite_expires_at: EXAMPLE_TIME,
            },
          },
        },
        errors: [400, 403, 409, 413, 415],
      },
    },
  },
  peopleAccept: {
    tag: 'People',
    access: 'open',
    operations: {
      POST: {
        summary: 'Accept an invitation',
        description: `Sets the name and a password of at least ${String(PASSWORD_MIN_LENGTH)} characters (not a common one), and signs in: the answer sets the session cookie.`,
        body: {
          schema: inviteAcceptSchema,
          example: { token: 'q3V0bQyq2m3pXr6fE1aZ8w', name: 'Dana', password: 'harbour-lights-at-dusk' },
        },
        answers: {
          201: {
            description: 'Accepted and signed in.',
            schema: acceptedPersonSchema,
            example: { id: EXAMPLE_PERSON.id, email: EXAMPLE_PERSON.email, name: 'Dana', role: 'editor' },
            headers: { 'Set-Cookie': `\`${ACCESS_COOKIE_NAME}\`.` },
          },
        },
        errors: [400, 404, 409, 410, 413, 415, 429],
      },
    },
  },
  person: {
    tag: 'People',
    access: 'gate',
    parameters: {
      id: { description: 'The person id.', schema: z.string(), example: EXAMPLE_PERSON.id },
    },
    operations: {
      PATCH: {
        summary: "Change a person's role (admins)",
        description: 'A lower role ends their sessions and narrows their tokens at once.',
        body: { schema: personUpdateSchema, example: { role: 'viewer' } },
        answers: {
          200: {
            description: 'Changed.',
            schema: personSchema,
            example: { ...EXAMPLE_PERSON, role: 'viewer' },
          },
        },
        errors: [400, 403, 404, 409, 413, 415],
      },
      DELETE: {
        summary: 'Remove a person (admins)',
        description: 'Ends their sessions and tokens at once; the last admin cannot be removed (409).',
        answers: { 204: { description: 'Removed.' } },
        errors: [400, 403, 404, 409],
      },
    },
  },
  tokens: {
    tag: 'People',
    access: 'gate',
    operations: {
      GET: {
        summary: 'Your API tokens',
        description: `An admin's \`?${ALL_TOKENS_QUERY}=true\` lists everyone's. A token is never shown again, only its prefix.`,
        query: {
          [ALL_TOKENS_QUERY]: {
            description: "Everyone's tokens (admins).",
            schema: z.enum(['true', 'false']),
          },
        },
        answers: {
          200: { description: 'The tokens.', schema: tokenListSchema, example: { tokens: [EXAMPLE_TOKEN] } },
        },
        errors: [400, 403],
      },
      POST: {
        summary: 'Make an API token',
        description: `Its scope (read, write, admin) may be no wider than your role; it expires after \`expires_in_days\` (at most ${String(TOKEN_MAX_DAYS)}) or never.`,
        body: {
          schema: tokenCreateSchema,
          example: { name: 'Site build', scope: 'read', expires_in_days: 90 },
        },
        answers: {
          201: {
            description: 'Made; `token` is shown this once. Send it as `Authorization: Bearer <token>`.',
            schema: createdTokenSchema,
            example: {
              id: EXAMPLE_TOKEN.id,
              name: EXAMPLE_TOKEN.name,
              scope: 'read',
              token: `${API_TOKEN_PREFIX}Jx8Qm2Lr5Tz0Wv7Yb3Nc6Pd9Kf1Hg4Sa`,
              prefix: EXAMPLE_TOKEN.prefix,
              expires_at: EXAMPLE_TIME,
            },
          },
        },
        errors: [400, 403, 409, 413, 415],
      },
    },
  },
  token: {
    tag: 'People',
    access: 'gate',
    parameters: {
      id: { description: 'The token id.', schema: z.string(), example: EXAMPLE_TOKEN.id },
    },
    operations: {
      DELETE: {
        summary: 'Revoke an API token',
        description: "Your own; an admin's, anyone's. The next call with it is refused.",
        answers: { 204: { description: 'Revoked.' } },
        errors: [400, 403, 404],
      },
    },
  },
  webflowStatus: {
    tag: 'Webflow',
    access: 'gate',
    operations: {
      GET: {
        summary: 'Test the Webflow connection',
        description:
          'Reads the site and collection, and says where each field goes. Kept a minute (`Cache-Status`, `Age`).',
        answers: {
          200: {
            description: 'Connected.',
            schema: webflowStatusSchema,
            example: {
              ok: true,
              configured: true,
              site: { id: '64f0c0ffee0000000000abcd' },
              publish: 'live',
            },
          },
          502: { description: 'Webflow refused: `error` says why.', schema: webflowStatusSchema },
          503: {
            description: 'Not configured, or Webflow could not be reached (`Retry-After`).',
            schema: webflowStatusSchema,
            example: { ok: false, configured: false, error: 'Configuration missing' },
          },
        },
        errors: [],
      },
    },
  },
  webflowSyncAll: {
    tag: 'Webflow',
    access: 'gate',
    operations: {
      GET: {
        summary: 'How the latest Sync all went',
        answers: {
          200: {
            description: 'Its progress, and whether the mirror is set up.',
            schema: webflowSyncAllStatusSchema,
            example: {
              running: false,
              started_at: null,
              finished_at: null,
              total: 0,
              done: 0,
              failed: 0,
              configured: false,
            },
          },
        },
        errors: [],
      },
      POST: {
        summary: 'Mirror every record not yet mirrored',
        answers: {
          200: { description: 'Nothing needed it.', schema: webflowSyncAllResponseSchema },
          202: {
            description: 'Queued; runs in the background.',
            schema: webflowSyncAllResponseSchema,
            example: {
              queued: 120,
              progress: {
                running: true,
                started_at: EXAMPLE_TIME,
                finished_at: null,
                total: 120,
                done: 0,
                failed: 0,
              },
            },
          },
        },
        errors: [409],
      },
    },
  },
  webflowSync: {
    tag: 'Webflow',
    access: 'gate',
    parameters: { id: fileIdParameter },
    operations: {
      POST: {
        summary: 'Mirror one record again',
        answers: {
          200: {
            description: 'No job was needed; the record as it stands.',
            schema: webflowSyncResponseSchema,
          },
          202: {
            description: 'A job was queued; the record, pending.',
            schema: webflowSyncResponseSchema,
            example: {
              success: true,
              record: { ...EXAMPLE_RECORD, webflow: { state: 'pending', updated_at: EXAMPLE_TIME } },
              queued: true,
            },
          },
        },
        errors: [400, 404, 409],
      },
    },
  },
  trash: {
    tag: 'Trash',
    access: 'gate',
    operations: {
      GET: {
        summary: 'List the trash',
        description: 'The most recently deleted first; `purge_days` is how long a record stays.',
        query: pageQuery('page'),
        answers: {
          200: {
            description: 'A page of trashed records.',
            schema: trashPageSchema,
            example: {
              records: [{ ...EXAMPLE_RECORD, deleted_at: EXAMPLE_TIME }],
              next: null,
              purge_days: 30,
            },
          },
        },
        errors: [400],
        limits: { pageMax: 'records a page' },
      },
    },
  },
  trashRestore: {
    tag: 'Trash',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Restore from the trash',
        body: { schema: trashIdsRequestSchema, example: { ids: [42] } },
        answers: {
          200: { description: 'A result per id.', schema: batchResponseSchema, example: BATCH_EXAMPLE },
        },
        errors: [400, 409, 413, 415],
        limits: { batchItems: 'ids a call', batchShards: 'record shards (500 consecutive ids each) a call' },
      },
    },
  },
  trashPurge: {
    tag: 'Trash',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Delete for good',
        description: 'Deletes trashed records now, and the files no other record uses.',
        body: { schema: trashIdsRequestSchema, example: { ids: [42] } },
        answers: {
          200: { description: 'A result per id.', schema: batchResponseSchema, example: BATCH_EXAMPLE },
        },
        errors: [400, 409, 413, 415],
        limits: { batchItems: 'ids a call', batchShards: 'record shards (500 consecutive ids each) a call' },
      },
    },
  },
  cloudinarySignature: {
    tag: 'Cloudinary',
    access: 'gate',
    operations: {
      POST: {
        summary: 'Sign a Cloudinary upload',
        description: 'Post every field of `fields` with the file to Cloudinary.',
        answers: {
          200: {
            description: 'The signed fields.',
            schema: cloudinarySignatureSchema,
            example: {
              cloud_name: 'demo',
              fields: {
                api_key: '123456789012345',
                timestamp: '1777627800',
                signature: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
                folder: 'HIBF_assets',
              },
            },
          },
        },
        errors: [501],
      },
    },
  },
  activity: {
    tag: 'Activity',
    access: 'gate',
    operations: {
      GET: {
        summary: 'Who did what',
        description:
          "Events newest first, a page at a time: follow `next_cursor` until it is null. A call scans a bounded part of the log, so with `actor` or `action` a page may hold fewer events than 50, or none, with a `next_cursor` where its scan stopped: follow it all the same. Each names its actor (a person, a token by name, the owner), its action, its files and, for an edit, each field before and after (a text's first 500 characters, then `…`, and `truncated: true` on a change cut short; a bulk edit whose changes would not fit in 100,000 characters names its fields only). A page also stops short before its answer would pass 4 MB. The whole log needs the admin role; with `file_id`, anyone who can see files reads that file's history. Events older than `ACTIVITY_RETENTION_DAYS` (365) are removed.",
        query: {
          actor: {
            description:
              "Only this actor's events: a person's or token's id, or `owner` (`local` for what was done while the site had no access token).",
            schema: z.string(),
          },
          action: {
            description: 'Only events of this action.',
            schema: z.enum(ACTIVITY_ACTIONS),
            example: 'file.updated',
          },
          file_id: {
            description: "Only this file's events: its history.",
            schema: fileIdSchema,
            example: 42,
          },
          cursor: {
            description: 'The `next_cursor` of the page before.',
            schema: z.string().regex(ACTIVITY_ID_PATTERN),
          },
        },
        answers: {
          200: {
            description: 'A page of events.',
            schema: activityPageSchema,
            example: {
              events: [
                {
                  id: '8234567890123-k3j9x2ab',
                  at: '2026-05-01T09:30:00.000Z',
                  actor: { type: 'person', id: 'p_4f2a9c1e7b3d5a60', name: 'Ada' },
                  action: 'file.updated',
                  file_ids: [42],
                  detail: { changes: { title: { before: 'Pier', after: 'Pier at dawn' } } },
                },
              ],
              next_cursor: null,
            },
          },
        },
        errors: [400],
      },
    },
  },
  webhooks: {
    tag: 'Webhooks',
    access: 'gate',
    operations: {
      GET: {
        summary: 'Every webhook endpoint',
        description: 'Secrets are shown only by their first characters.',
        answers: {
          200: {
            description: 'The endpoints, oldest first.',
            schema: webhookListSchema,
            example: { webhooks: [EXAMPLE_WEBHOOK] },
          },
        },
        errors: [],
      },
      POST: {
        summary: 'Add a webhook endpoint',
        description:
          'The address must be https on a public host (`WEBHOOK_ALLOW_HOSTS` lets a local receiver through); it is checked again at every delivery. One endpoint an address: another for an address already used is refused (409), as is a change of address to one. The answer is the only one holding the whole signing secret.',
        body: {
          schema: webhookCreateSchema,
          example: {
            url: 'https://hooks.example.org/media',
            events: ['file.created', 'file.deleted'],
            description: 'Rebuild the site',
          },
        },
        answers: {
          201: {
            description: 'Added, with its secret.',
            schema: webhookCreatedSchema,
            example: { ...EXAMPLE_WEBHOOK, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
          },
        },
        // 409: the site holds the most endpoints it may (`WEBHOOK_LIMITS`), or one already sends to the address.
        errors: [400, 409, 413, 415],
      },
    },
  },
  webhook: {
    tag: 'Webhooks',
    access: 'gate',
    parameters: { id: webhookIdParameter },
    operations: {
      PATCH: {
        summary: 'Change a webhook endpoint',
        description: '`enabled: true` turns back on an endpoint turned off after a day of failed deliveries.',
        body: { schema: webhookUpdateSchema, example: { enabled: true } },
        answers: { 200: { description: 'Changed.', schema: webhookSchema, example: EXAMPLE_WEBHOOK } },
        // 409: another endpoint already sends to the new address.
        errors: [400, 404, 409, 413, 415],
      },
      DELETE: {
        summary: 'Remove a webhook endpoint',
        answers: { 204: { description: 'Removed; nothing more is sent to it.' } },
        errors: [400, 404],
      },
    },
  },
  webhookTest: {
    tag: 'Webhooks',
    access: 'gate',
    parameters: { id: webhookIdParameter },
    operations: {
      POST: {
        summary: 'Send a `webhook.test` event',
        answers: {
          202: { description: 'Queued for delivery.', schema: deliveryQueuedSchema, example: EXAMPLE_QUEUED },
        },
        errors: [400, 404],
      },
    },
  },
  webhookDeliveries: {
    tag: 'Webhooks',
    access: 'gate',
    parameters: { id: webhookIdParameter },
    operations: {
      GET: {
        summary: "An endpoint's deliveries",
        description:
          'Each event sent to it with every attempt (status code, duration, error) and the next retry; newest first.',
        answers: {
          200: {
            description: 'The latest deliveries.',
            schema: deliveryListSchema,
            example: { deliveries: [EXAMPLE_QUEUED.delivery] },
          },
        },
        errors: [400, 404],
      },
    },
  },
  webhookDeliveryRetry: {
    tag: 'Webhooks',
    access: 'gate',
    parameters: {
      id: webhookIdParameter,
      delivery: {
        description: 'The delivery id.',
        schema: deliveryIdSchema,
        example: EXAMPLE_QUEUED.delivery.id,
      },
    },
    operations: {
      POST: {
        summary: 'Send one delivery again',
        description: 'With the same `webhook-id`, so a receiver that already has it can drop it.',
        answers: {
          202: { description: 'Queued for delivery.', schema: deliveryQueuedSchema, example: EXAMPLE_QUEUED },
        },
        errors: [400, 404],
      },
    },
  },
  openapi: {
    tag: 'Reference',
    access: 'open',
    operations: {
      GET: {
        summary: 'This document',
        answers: {
          200: { description: 'The OpenAPI 3.1 document of the API.', content: 'application/json' },
        },
        errors: [],
      },
    },
  },
  docs: {
    tag: 'Reference',
    access: 'open',
    operations: {
      GET: {
        summary: 'The reference page',
        description: 'This document, readable in a browser.',
        answers: { 200: { description: 'The page.', content: 'text/html' } },
        errors: [],
      },
    },
  },
}
