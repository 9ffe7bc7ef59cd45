import { createHash, randomBytes } from 'node:crypto'

/**
 * An in-memory Webflow Data API v2, plus the S3 bucket its asset uploads post to, answering in Webflow's
 * wire format (research notes, cloudinary-webflow.md sections 4-6): bearer token or 401 `not_authorized`;
 * `GET /sites/{id}`; the three-step asset flow (`POST /sites/{id}/assets` answering a presigned S3 form,
 * the S3 form POST answering 201 XML with `file` as the last field, `PATCH /assets/{id}`); collection
 * items created with 202, a duplicate slug refused with 400 `validation_error`; 429 with `Retry-After`.
 *
 * One `handle(request)` serves both adapters: the msw handlers (`webflow-handlers.ts`) and the
 * `node:http` stand-in (`webflow-stand-in.ts`) that a separate `netlify dev` process can be pointed at.
 */

export const DEFAULT_API_BASE = 'https://api.webflow.com/v2'
export const DEFAULT_S3_URL = 'https://webflow-prod-assets.s3.amazonaws.com/uploads'

/** The field slugs of the mirror's collection (spec section 3), besides `name` and `slug`. */
export const SPEC_FIELD_SLUGS = [
  'media-url',
  'description',
  'category',
  'file-type',
  'file-size',
  'tags',
  'author',
  'upload-date',
] as const

/** A collection field as `GET /collections/{id}` describes it (Webflow's wire format). */
export interface FakeField {
  id: string
  isEditable: boolean
  isRequired: boolean
  type: string
  slug: string
  displayName: string
  helpText: string | null
  validations: Record<string, unknown> | null
}

/** What a test says about a field; the rest is filled in. Option fields list their option names. */
export interface FieldSpec {
  slug: string
  type: string
  isRequired?: boolean
  displayName?: string
  options?: readonly string[]
}

export interface FakeCollection {
  id: string
  displayName: string
  singularName: string
  slug: string
  createdOn: string
  lastUpdated: string
  fields: FakeField[]
}

/** The spec's fields as today's collection has them: every one PlainText. */
export function plainTextFields(): FieldSpec[] {
  return SPEC_FIELD_SLUGS.map((slug) => ({ slug, type: 'PlainText' }))
}

/**
 * A collection as a site owner typically builds it in the Designer: `category` an Option field, the
 * media an Image field, `upload-date` a DateTime, `file-size` a Number, `author` a Reference, and a
 * required `credit` field the app does not know.
 */
export function typedFields(): FieldSpec[] {
  return [
    { slug: 'media-url', type: 'Image' },
    { slug: 'description', type: 'RichText' },
    { slug: 'category', type: 'Option', options: ['Images', 'Video'] },
    { slug: 'file-type', type: 'PlainText' },
    { slug: 'file-size', type: 'Number' },
    { slug: 'tags', type: 'PlainText' },
    { slug: 'author', type: 'Reference' },
    { slug: 'upload-date', type: 'DateTime' },
  ]
}

/**
 * The collection as a designer usually builds it for this app: the spec's `media-url` as a Link field
 * for the file's address, and an Image field, `photo`, for the template's picture; the other fields
 * typed as in `typedFields`, with a Documents option too.
 */
export function designerFields(): FieldSpec[] {
  return [
    { slug: 'media-url', type: 'Link', displayName: 'Media URL' },
    { slug: 'photo', type: 'Image', displayName: 'Photo' },
    ...typedFields().flatMap((field) => {
      if (field.slug === 'media-url') return []
      if (field.slug === 'category') return [{ ...field, options: ['Images', 'Video', 'Documents'] }]
      return [field]
    }),
  ]
}

export interface WebflowFakeOptions {
  token?: string
  siteId?: string
  /** Collections with every spec field PlainText. */
  collectionIds?: readonly string[]
  /** Collections with their own fields (besides `name` and `slug`). */
  collections?: readonly { id: string; fields: readonly FieldSpec[] }[]
  /** Where the Data API answers, without a trailing slash. */
  apiBase?: string
  /** The presigned form's `uploadUrl`. */
  s3Url?: string
  /** A delay before every answer, API and S3 alike. */
  latencyMs?: number
}

/** One request as the fake received it, with the status it answered. */
export interface ReceivedRequest {
  kind: 'api' | 's3'
  method: string
  /** The path under the API base, such as `sites/abc/assets`; `''` for the S3 form. */
  path: string
  authorization: string | null
  /** The JSON body, parsed; null when there was none (or for the S3 form, see `s3Uploads`). */
  body: unknown
  status: number
}

export interface FakeItem {
  id: string
  cmsLocaleId: string
  lastPublished: string | null
  lastUpdated: string
  createdOn: string
  isArchived: boolean
  isDraft: boolean
  fieldData: Record<string, unknown>
}

export interface FakeAsset {
  id: string
  siteId: string
  fileName: string
  fileHash: string
  contentType: string
  uploadDetails: Record<string, string>
  /** Set once the S3 form POST carried the bytes. */
  uploaded: boolean
  size: number
  displayName: string
  altText: string | null
  createdOn: string
  lastUpdated: string
}

/** One S3 form POST: its fields in the order they came, and the file part. */
export interface S3Upload {
  fieldNames: string[]
  fields: Record<string, string>
  file: { name: string; type: string; size: number; md5: string } | null
  status: number
}

const RATE_LIMIT = 60

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/** Why Webflow refuses `value` for `field`, or null when it takes it (field types and item values). */
function valueProblem(field: FakeField, value: unknown): string | null {
  switch (field.type) {
    case 'PlainText':
    case 'RichText':
    case 'Email':
    case 'Phone':
    case 'Color':
      return typeof value === 'string' ? null : 'must be a string'
    case 'Link':
    case 'VideoLink':
      return typeof value === 'string' && /^https?:\/\//.test(value) ? null : 'must be a valid URL'
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number'
    case 'DateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'must be an ISO 8601 date'
    case 'Switch':
      return typeof value === 'boolean' ? null : 'must be a boolean'
    case 'Option': {
      const options = (field.validations?.options ?? []) as { id: string }[]
      return typeof value === 'string' && options.some((option) => option.id === value)
        ? null
        : 'must be the id of one of its options'
    }
    case 'Image':
    case 'File':
      return isRecord(value) && typeof value.url === 'string' && /^https?:\/\//.test(value.url)
        ? null
        : 'must be a file object with a url'
    case 'Reference':
      return typeof value === 'string' && /^[a-f0-9]{24}$/.test(value) ? null : 'must be an item id'
    case 'MultiReference':
      return Array.isArray(value) && value.every((id) => typeof id === 'string' && /^[a-f0-9]{24}$/.test(id))
        ? null
        : 'must be a list of item ids'
    default:
      return null
  }
}

/** Webflow ids are 24 hex digits (Mongo object ids). */
function objectId(): string {
  return randomBytes(12).toString('hex')
}

function errorBody(code: string, message: string, details: unknown[] = []) {
  return { code, message, externalReference: null, details }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function s3Error(code: string, message: string, status = 400): Response {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><RequestId>${objectId()}</RequestId></Error>`
  return new Response(xml, { status, headers: { 'Content-Type': 'application/xml' } })
}

export class WebflowFake {
  /** The one token Webflow accepts; changing it revokes the old one, as regenerating a site token does. */
  token: string
  readonly siteId: string
  apiBase: string
  s3Url: string
  latencyMs: number

  readonly received: ReceivedRequest[] = []
  readonly items = new Map<string, Map<string, FakeItem>>()
  readonly collections = new Map<string, FakeCollection>()
  /** The field data the live site shows, by item id; a staged delete leaves it until it is unpublished. */
  readonly live = new Map<string, Record<string, unknown>>()
  readonly assets = new Map<string, FakeAsset>()
  readonly s3Uploads: S3Upload[] = []
  /** The bytes of each file posted to the S3 form, in `s3Uploads` order (null where it had none). */
  readonly uploadedBytes: (Uint8Array | null)[] = []

  /** While set, every request waits for it before it is answered (holdAnswers). */
  private held: Promise<void> | null = null
  private releaseHeld: (() => void) | null = null
  private rateLimited = 0
  private retryAfter = '60'
  private unauthorized = false
  private readonly initialToken: string
  private readonly cmsLocaleId = objectId()
  private readonly createdOn = new Date().toISOString()

  constructor(options: WebflowFakeOptions = {}) {
    this.token = options.token ?? 'webflow-test-token'
    this.initialToken = this.token
    this.siteId = options.siteId ?? '6258f5b4fc2e1c4e5d3a1b2c'
    this.apiBase = (options.apiBase ?? DEFAULT_API_BASE).replace(/\/$/, '')
    this.s3Url = options.s3Url ?? DEFAULT_S3_URL
    this.latencyMs = options.latencyMs ?? 0
    const collections = [
      ...(options.collectionIds ?? (options.collections ? [] : ['6258f5b4fc2e1c4e5d3a1c3d'])).map((id) => ({
        id,
        fields: plainTextFields(),
      })),
      ...(options.collections ?? []),
    ]
    for (const { id, fields } of collections) {
      this.items.set(id, new Map())
      this.setFields(id, fields)
    }
    this.initialFields = new Map([...this.collections].map(([id, collection]) => [id, collection.fields]))
  }

  private readonly initialFields: Map<string, FakeField[]>

  /** Gives a collection these fields besides `name` and `slug`, as editing it in the Designer does. */
  setFields(collectionId: string, fields: readonly FieldSpec[]): void {
    const now = new Date().toISOString()
    const builtIn: FakeField[] = [
      this.fieldOf({ slug: 'name', type: 'PlainText', isRequired: true, displayName: 'Name' }),
      this.fieldOf({ slug: 'slug', type: 'PlainText', isRequired: true, displayName: 'Slug' }),
    ]
    const existing = this.collections.get(collectionId)
    this.collections.set(collectionId, {
      id: collectionId,
      displayName: existing?.displayName ?? 'Media Files',
      singularName: existing?.singularName ?? 'Media File',
      slug: existing?.slug ?? 'media-files',
      createdOn: existing?.createdOn ?? now,
      lastUpdated: now,
      fields: [...builtIn, ...fields.map((field) => this.fieldOf(field))],
    })
  }

  private fieldOf(spec: FieldSpec): FakeField {
    const displayName =
      spec.displayName ??
      spec.slug
        .split('-')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ')
    return {
      id: objectId(),
      isEditable: true,
      isRequired: spec.isRequired ?? false,
      type: spec.type,
      slug: spec.slug,
      displayName,
      helpText: null,
      validations:
        spec.type === 'Option'
          ? { options: (spec.options ?? []).map((name) => ({ name, id: objectId() })) }
          : null,
    }
  }

  /** The id of an Option field's option, by its name. */
  optionId(collectionId: string, slug: string, name: string): string {
    const field = this.collections.get(collectionId)?.fields.find((candidate) => candidate.slug === slug)
    const options = (field?.validations?.options ?? []) as { id: string; name: string }[]
    const option = options.find((candidate) => candidate.name === name)
    if (!option) throw new Error(`no option ${name} in ${slug}`)
    return option.id
  }

  // --- failure modes -------------------------------------------------------------------------------

  /** The next `count` API requests answer 429 with this `Retry-After` (seconds or an HTTP date). */
  rateLimitNext(count: number, retryAfter = '60'): void {
    this.rateLimited = count
    this.retryAfter = retryAfter
  }

  /** Every API request answers 401, whatever its token, until switched off. */
  forceUnauthorized(on = true): void {
    this.unauthorized = on
  }

  /** The collection is gone: its requests answer 404. */
  removeCollection(collectionId: string): void {
    this.items.delete(collectionId)
  }

  /** Forgets everything received and stored, and clears the failure modes; keeps the collections. */
  reset(): void {
    this.token = this.initialToken
    this.received.length = 0
    this.s3Uploads.length = 0
    this.uploadedBytes.length = 0
    this.assets.clear()
    this.live.clear()
    for (const items of this.items.values()) items.clear()
    for (const [id, collection] of this.collections) {
      const fields = this.initialFields.get(id)
      if (fields) collection.fields = fields
    }
    this.rateLimited = 0
    this.unauthorized = false
    this.latencyMs = 0
    this.releaseHeld?.()
  }

  /**
   * Holds every request, received now or later, unanswered until the function returned is called: what
   * a caller does while Webflow says nothing shows whether it waits for Webflow.
   */
  holdAnswers(): () => void {
    this.releaseHeld?.()
    this.held = new Promise((resolve) => {
      this.releaseHeld = () => {
        this.held = null
        this.releaseHeld = null
        resolve()
      }
    })
    return () => this.releaseHeld?.()
  }

  /** An item already in the collection, as if made in the Designer. */
  seedItem(collectionId: string, fieldData: Record<string, unknown>): FakeItem {
    const items = this.items.get(collectionId)
    if (!items) throw new Error(`no collection ${collectionId}`)
    const now = new Date().toISOString()
    const item: FakeItem = {
      id: objectId(),
      cmsLocaleId: this.cmsLocaleId,
      lastPublished: null,
      lastUpdated: now,
      createdOn: now,
      isArchived: false,
      isDraft: false,
      fieldData: { ...fieldData },
    }
    items.set(item.id, item)
    return item
  }

  // --- inspection ----------------------------------------------------------------------------------

  /** The items of a collection, in creation order. */
  itemsOf(collectionId: string): FakeItem[] {
    return [...(this.items.get(collectionId)?.values() ?? [])]
  }

  /** The API requests received, as `METHOD path` lines: a compact view for assertions. */
  calls(): string[] {
    return this.received
      .filter((request) => request.kind === 'api')
      .map((request) => `${request.method} ${request.path}`)
  }

  // --- the wire ------------------------------------------------------------------------------------

  async handle(request: Request): Promise<Response> {
    if (this.held !== null) await this.held
    if (this.latencyMs > 0) await delay(this.latencyMs)
    const url = new URL(request.url)
    const href = `${url.origin}${url.pathname}`
    if (href === this.s3Url || href === `${this.s3Url}/`) {
      return this.handleS3(request)
    }
    const prefix = `${this.apiBase}/`
    if (href.startsWith(prefix)) {
      const path = href.slice(prefix.length).replace(/\/$/, '')
      const text = await request.text()
      let body: unknown = null
      let malformed = false
      if (text !== '') {
        try {
          body = JSON.parse(text) as unknown
        } catch {
          malformed = true
        }
      }
      const entry: ReceivedRequest = {
        kind: 'api',
        method: request.method,
        path,
        authorization: request.headers.get('authorization'),
        body,
        status: 0,
      }
      this.received.push(entry)
      const response = malformed
        ? this.json(400, errorBody('bad_request', 'Bad Request: Request is malformed'))
        : this.route(request.method, path, body, entry.authorization)
      entry.status = response.status
      return response
    }
    return this.json(404, errorBody('route_not_found', `Requested route not found: ${url.pathname}`))
  }

  private json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
    const used = this.received.filter((request) => request.kind === 'api').length
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: {
        ...(status === 204 ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
        'X-RateLimit-Limit': String(RATE_LIMIT),
        'X-RateLimit-Remaining': String(Math.max(RATE_LIMIT - used, 0)),
        ...headers,
      },
    })
  }

  private route(method: string, path: string, body: unknown, authorization: string | null): Response {
    if (this.rateLimited > 0) {
      this.rateLimited--
      return this.json(
        429,
        { message: 'Too Many Requests', code: 'too_many_requests', externalReference: null, details: [] },
        { 'Retry-After': this.retryAfter, 'X-RateLimit-Remaining': '0' },
      )
    }
    if (this.unauthorized || authorization !== `Bearer ${this.token}`) {
      return this.json(401, { code: 'not_authorized', message: 'Request not authorized' })
    }
    const segments = path.split('/').map((segment) => decodeURIComponent(segment))
    const [first, second, third, fourth] = segments
    if (first === 'sites' && second !== undefined) {
      if (second !== this.siteId) {
        return this.json(
          404,
          errorBody('resource_not_found', 'Requested resource not found: The site cannot be found'),
        )
      }
      if (segments.length === 2 && method === 'GET') return this.json(200, this.site())
      if (segments.length === 3 && third === 'assets' && method === 'POST') return this.createAsset(body)
    }
    if (first === 'assets' && second !== undefined && segments.length === 2) {
      const asset = this.assets.get(second)
      if (!asset) return this.json(404, errorBody('resource_not_found', 'Requested resource not found'))
      if (method === 'GET') return this.json(200, this.assetBody(asset))
      if (method === 'PATCH') return this.patchAsset(asset, body)
      if (method === 'DELETE') {
        this.assets.delete(asset.id)
        return this.json(204, null)
      }
    }
    if (first === 'collections' && second !== undefined) {
      const items = this.items.get(second)
      const collection = this.collections.get(second)
      if (!items || !collection) {
        return this.json(
          404,
          errorBody('collection_not_found', 'Requested resource not found: The collection cannot be found'),
        )
      }
      if (segments.length === 2 && method === 'GET') return this.json(200, collection)
      if (third === 'items') {
        const [, , , , fifth] = segments
        if (segments.length === 3 && method === 'POST') return this.createItem(collection, items, body, false)
        if (segments.length === 4 && fourth === 'live' && method === 'POST') {
          return this.createItem(collection, items, body, true)
        }
        if (segments.length === 4 && fourth === 'publish' && method === 'POST') {
          return this.publishItems(items, body)
        }
        if ((segments.length === 4 || (segments.length === 5 && fifth === 'live')) && fourth !== undefined) {
          const item = items.get(fourth)
          if (!item) return this.json(404, errorBody('item_not_found', 'Requested resource not found: Item'))
          const live = segments.length === 5
          if (method === 'GET' && !live) return this.json(200, item)
          if (method === 'PATCH') return this.patchItem(collection, items, item, body, live)
          if (method === 'DELETE' && live) return this.unpublishItem(item)
          if (method === 'DELETE') {
            items.delete(item.id)
            return this.json(204, null)
          }
        }
      }
    }
    return this.json(404, errorBody('route_not_found', `Requested route not found: ${method} /${path}`))
  }

  private site() {
    return {
      id: this.siteId,
      workspaceId: '5f0c8c9e1c9d440000e8d8c3',
      displayName: 'Media Library',
      shortName: 'media-library',
      previewUrl: 'https://screenshots.webflow.com/sites/media-library.png',
      timeZone: 'Europe/London',
      createdOn: this.createdOn,
      lastUpdated: this.createdOn,
      lastPublished: null,
      parentFolderId: null,
      customDomains: [],
      locales: {
        primary: { id: this.cmsLocaleId, cmsLocaleId: this.cmsLocaleId, enabled: true, tag: 'en' },
        secondary: [],
      },
      dataCollectionEnabled: false,
      dataCollectionType: 'optOut',
    }
  }

  private validation(details: { param: string; description: string }[]): Response {
    return this.json(400, { message: 'Validation Error', code: 'validation_error', details })
  }

  private createAsset(body: unknown): Response {
    const fileName = isRecord(body) ? body.fileName : undefined
    const fileHash = isRecord(body) ? body.fileHash : undefined
    const details: { param: string; description: string }[] = []
    if (typeof fileName !== 'string' || fileName.length === 0) {
      details.push({ param: 'fileName', description: 'Field is required' })
    } else if (fileName.length >= 100) {
      details.push({ param: 'fileName', description: 'File name must be less than 100 characters' })
    } else if (!/\.[A-Za-z0-9]+$/.test(fileName)) {
      details.push({ param: 'fileName', description: 'File name must include the file extension' })
    }
    if (typeof fileHash !== 'string' || !/^[a-f0-9]{32}$/i.test(fileHash)) {
      details.push({ param: 'fileHash', description: 'File hash must be the MD5 hash of the file' })
    }
    if (details.length > 0 || typeof fileName !== 'string' || typeof fileHash !== 'string') {
      return this.validation(details)
    }
    const id = objectId()
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase()
    const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream'
    const now = new Date().toISOString()
    const key = `${this.siteId}/${id}_${fileName}`
    const amzDate = now.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    const uploadDetails = {
      acl: 'public-read',
      bucket: 'webflow-prod-assets',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `AKIAIOSFODNN7EXAMPLE/${amzDate.slice(0, 8)}/us-east-1/s3/aws4_request`,
      'X-Amz-Date': amzDate,
      key,
      Policy: Buffer.from(JSON.stringify({ expiration: now, key })).toString('base64'),
      'X-Amz-Signature': randomBytes(32).toString('hex'),
      success_action_status: '201',
      'content-type': contentType,
      'Cache-Control': 'max-age=31536000, must-revalidate',
    }
    const asset: FakeAsset = {
      id,
      siteId: this.siteId,
      fileName,
      fileHash,
      contentType,
      uploadDetails,
      uploaded: false,
      size: 0,
      displayName: fileName,
      altText: null,
      createdOn: now,
      lastUpdated: now,
    }
    this.assets.set(id, asset)
    return this.json(200, {
      uploadDetails,
      contentType,
      id,
      parentFolder: isRecord(body) && typeof body.parentFolder === 'string' ? body.parentFolder : null,
      uploadUrl: this.s3Url,
      assetUrl: `https://webflow-prod-assets.s3.amazonaws.com/${key}`,
      hostedUrl: `https://cdn.prod.website-files.com/${key}`,
      originalFileName: fileName,
      createdOn: now,
      lastUpdated: now,
    })
  }

  private assetBody(asset: FakeAsset) {
    return {
      id: asset.id,
      contentType: asset.contentType,
      size: asset.size,
      siteId: asset.siteId,
      hostedUrl: `https://cdn.prod.website-files.com/${asset.uploadDetails.key ?? asset.id}`,
      originalFileName: asset.fileName,
      displayName: asset.displayName,
      lastUpdated: asset.lastUpdated,
      createdOn: asset.createdOn,
      variants: [],
      altText: asset.altText,
    }
  }

  private patchAsset(asset: FakeAsset, body: unknown): Response {
    if (!isRecord(body)) return this.json(400, errorBody('bad_request', 'Bad Request: Request is malformed'))
    const details: { param: string; description: string }[] = []
    for (const field of ['displayName', 'altText'] as const) {
      const value = body[field]
      if (value !== undefined && typeof value !== 'string') {
        details.push({ param: field, description: 'Must be a string' })
      }
    }
    if (details.length > 0) return this.validation(details)
    if (typeof body.displayName === 'string') asset.displayName = body.displayName
    if (typeof body.altText === 'string') asset.altText = body.altText
    asset.lastUpdated = new Date().toISOString()
    return this.json(200, this.assetBody(asset))
  }

  /**
   * Webflow refuses a field the collection does not have, a value of the wrong type for its field (an
   * Option field takes one of its option ids), an empty required field, and a slug another item holds.
   */
  private checkFieldData(
    collection: FakeCollection,
    items: Map<string, FakeItem>,
    fieldData: Record<string, unknown>,
    exceptId: string | null,
  ): Response | null {
    const fields = new Map(collection.fields.map((field) => [field.slug, field]))
    const unknown = Object.keys(fieldData).filter((key) => !fields.has(key))
    if (unknown.length > 0) {
      return this.validation(
        unknown.map((key) => ({ param: key, description: `Field not described in schema: ${key}` })),
      )
    }
    const wrong: { param: string; description: string }[] = []
    for (const [slug, value] of Object.entries(fieldData)) {
      const field = fields.get(slug)
      if (!field || value === null) continue
      const problem = valueProblem(field, value)
      if (problem)
        wrong.push({ param: slug, description: `Validation Failure: ${field.displayName} ${problem}` })
    }
    if (exceptId === null) {
      for (const field of collection.fields) {
        const value = fieldData[field.slug]
        if (field.isRequired && (value === undefined || value === null || value === '')) {
          wrong.push({ param: field.slug, description: 'Field is required' })
        }
      }
    }
    if (wrong.length > 0) return this.validation(wrong)
    const slug = fieldData.slug
    if (typeof slug === 'string') {
      const taken = [...items.values()].some((item) => item.id !== exceptId && item.fieldData.slug === slug)
      if (taken) {
        return this.validation([
          { param: 'slug', description: `Unique value is already in database: '${slug}'` },
        ])
      }
    }
    return null
  }

  private createItem(
    collection: FakeCollection,
    items: Map<string, FakeItem>,
    body: unknown,
    live: boolean,
  ): Response {
    if (!isRecord(body) || !isRecord(body.fieldData)) {
      return this.validation([{ param: 'fieldData', description: 'Field is required' }])
    }
    const { fieldData } = body
    const missing = (['name', 'slug'] as const).filter(
      (field) => typeof fieldData[field] !== 'string' || fieldData[field] === '',
    )
    if (missing.length > 0) {
      return this.validation(missing.map((field) => ({ param: field, description: 'Field is required' })))
    }
    const refused = this.checkFieldData(collection, items, fieldData, null)
    if (refused) return refused
    const now = new Date().toISOString()
    const item: FakeItem = {
      id: objectId(),
      cmsLocaleId: this.cmsLocaleId,
      lastPublished: live ? now : null,
      lastUpdated: now,
      createdOn: now,
      isArchived: body.isArchived === true,
      isDraft: live ? false : body.isDraft !== false,
      fieldData: { ...fieldData },
    }
    items.set(item.id, item)
    if (live) this.live.set(item.id, { ...item.fieldData })
    return this.json(202, item)
  }

  /** A live PATCH publishes the change at once; an item never published answers 409 there. */
  private patchItem(
    collection: FakeCollection,
    items: Map<string, FakeItem>,
    item: FakeItem,
    body: unknown,
    live: boolean,
  ): Response {
    if (!isRecord(body)) return this.json(400, errorBody('bad_request', 'Bad Request: Request is malformed'))
    if (live && item.lastPublished === null) {
      return this.json(409, errorBody('conflict', 'Conflict: The item has never been published'))
    }
    const fieldData = isRecord(body.fieldData) ? body.fieldData : {}
    const refused = this.checkFieldData(collection, items, fieldData, item.id)
    if (refused) return refused
    item.fieldData = { ...item.fieldData, ...fieldData }
    if (typeof body.isArchived === 'boolean') item.isArchived = body.isArchived
    if (typeof body.isDraft === 'boolean') item.isDraft = body.isDraft
    item.lastUpdated = new Date().toISOString()
    if (live) {
      item.isDraft = false
      item.lastPublished = item.lastUpdated
      this.live.set(item.id, { ...item.fieldData })
    }
    return this.json(200, item)
  }

  /** `POST /collections/{id}/items/publish`: publishes staged items (202). */
  private publishItems(items: Map<string, FakeItem>, body: unknown): Response {
    const ids = isRecord(body) && Array.isArray(body.itemIds) ? body.itemIds : null
    if (!ids) return this.validation([{ param: 'itemIds', description: 'Field is required' }])
    const publishedItemIds: string[] = []
    const errors: string[] = []
    for (const id of ids) {
      const item = typeof id === 'string' ? items.get(id) : undefined
      if (!item) {
        errors.push(`Staging item ID ${String(id)} not found.`)
        continue
      }
      item.isDraft = false
      item.lastPublished = new Date().toISOString()
      this.live.set(item.id, { ...item.fieldData })
      publishedItemIds.push(item.id)
    }
    return this.json(202, { publishedItemIds, errors })
  }

  /** `DELETE .../items/{id}/live`: takes the item off the live site; it stays staged, as a draft. */
  private unpublishItem(item: FakeItem): Response {
    if (!this.live.has(item.id)) {
      return this.json(404, errorBody('resource_not_found', 'Requested resource not found: Live item'))
    }
    this.live.delete(item.id)
    item.isDraft = true
    item.lastPublished = null
    return this.json(204, null)
  }

  /**
   * S3's POST Object: a multipart form with every field of the presigned policy, exactly as given, and
   * `file` as the last field (S3 ignores whatever follows it). Answers 201 with the PostResponse XML,
   * as `success_action_status: 201` asks.
   */
  private async handleS3(request: Request): Promise<Response> {
    const upload: S3Upload = { fieldNames: [], fields: {}, file: null, status: 0 }
    this.s3Uploads.push(upload)
    this.uploadedBytes.push(null)
    const entry: ReceivedRequest = {
      kind: 's3',
      method: request.method,
      path: '',
      authorization: request.headers.get('authorization'),
      body: null,
      status: 0,
    }
    this.received.push(entry)
    const response = await this.answerS3(request, upload)
    upload.status = response.status
    entry.status = response.status
    return response
  }

  private async answerS3(request: Request, upload: S3Upload): Promise<Response> {
    if (request.method !== 'POST')
      return s3Error('MethodNotAllowed', 'The specified method is not allowed', 405)
    if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) {
      return s3Error(
        'PreconditionFailed',
        'Bucket POST must be of the enclosure-type multipart/form-data',
        412,
      )
    }
    let form: FormData
    try {
      form = await request.formData()
    } catch {
      return s3Error(
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data.',
      )
    }
    const entries = [...form.entries()]
    for (const [name, value] of entries) {
      upload.fieldNames.push(name)
      if (typeof value === 'string') {
        upload.fields[name] = value
      } else if (name === 'file') {
        const bytes = new Uint8Array(await value.arrayBuffer())
        this.uploadedBytes[this.s3Uploads.indexOf(upload)] = bytes
        upload.file = {
          name: value.name,
          type: value.type,
          size: bytes.length,
          md5: createHash('md5').update(bytes).digest('hex'),
        }
      }
    }
    const last = entries.at(-1)
    if (!last || last[0] !== 'file' || typeof last[1] === 'string') {
      return s3Error(
        'InvalidArgument',
        'POST requires exactly one file upload per request, as the last field.',
      )
    }
    if (entries.filter(([name]) => name === 'file').length !== 1) {
      return s3Error('InvalidArgument', 'POST requires exactly one file upload per request.')
    }
    const asset = [...this.assets.values()].find(
      (candidate) => candidate.uploadDetails.key === upload.fields.key,
    )
    if (!asset) return s3Error('InvalidArgument', "Bucket POST must contain a field named 'key'.")
    for (const [field, value] of Object.entries(asset.uploadDetails)) {
      if (upload.fields[field] !== value) {
        return s3Error(
          'AccessDenied',
          `Invalid according to Policy: Policy Condition failed: ["eq", "$${field}", "${value}"]`,
          403,
        )
      }
    }
    const file = upload.file
    if (!file) return s3Error('InvalidArgument', 'POST requires exactly one file upload per request.')
    asset.uploaded = true
    asset.size = file.size
    const key = asset.uploadDetails.key ?? ''
    const bucket = asset.uploadDetails.bucket ?? ''
    const location = `https://${bucket}.s3.amazonaws.com/${encodeURIComponent(key)}`
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<PostResponse><Location>${xmlEscape(location)}</Location><Bucket>${xmlEscape(bucket)}</Bucket>` +
      `<Key>${xmlEscape(key)}</Key><ETag>"${file.md5}"</ETag></PostResponse>`
    return new Response(xml, {
      status: 201,
      headers: { 'Content-Type': 'application/xml', ETag: `"${file.md5}"`, Location: location },
    })
  }
}
