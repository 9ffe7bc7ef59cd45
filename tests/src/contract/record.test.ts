import { describe, expect, it } from 'vitest'
import * as z from 'zod'

import { batchUpdateRequestSchema } from '../../../src/contract/api'
import { LIMITS } from '../../../src/contract/limits'
import {
  canonicaliseFields,
  describeIssue,
  mediaRecordSchema,
  NO_FIELDS_MESSAGE,
  recordCreateSchema,
  recordPatchSchema,
} from '../../../src/contract/record'
import { listedRecord } from '../../support/listed-record'

/** The message the API would send for `input`, or the parsed value when it is valid. */
function outcome(
  schema: z.ZodType,
  input: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const result = schema.safeParse(input)
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: describeIssue(result.error) }
}

function createError(fields: Record<string, unknown>): string | null {
  const result = outcome(recordCreateSchema, { media_url: '/files/a.png', ...fields })
  return result.ok ? null : result.message
}

function created(fields: Record<string, unknown>) {
  return recordCreateSchema.parse({ media_url: '/files/a.png', ...fields })
}

describe('canonicaliseFields', () => {
  it('maps the capitalised and alternate names of spec section 3 onto canonical names', () => {
    expect(
      canonicaliseFields({
        Title: 'T',
        Description: 'D',
        Category: 'C',
        URL: 'https://cdn.example.com/x.png',
        'File Size': 12,
        'Upload Date': '2024-01-02',
        Notes: 'N',
        Station: 'S',
        submitted_by: 'Ann',
        Tags: 'a,b',
      }),
    ).toEqual({
      title: 'T',
      description: 'D',
      category: 'C',
      media_url: 'https://cdn.example.com/x.png',
      file_size: 12,
      created_at: '2024-01-02',
      notes: 'N',
      station: 'S',
      author: 'Ann',
      tags: 'a,b',
    })
  })

  it('keeps fields it does not rename and drops every alternate name', () => {
    const result = canonicaliseFields({ url: '/a.png', size: 3, file_type: 'image/png', extra: true })
    expect(result).toEqual({ media_url: '/a.png', file_size: 3, file_type: 'image/png', extra: true })
  })

  it('prefers upload_date over created_at, whatever the key order', () => {
    expect(canonicaliseFields({ created_at: '2020-01-01', upload_date: '2024-05-06' })).toEqual({
      created_at: '2024-05-06',
    })
    expect(canonicaliseFields({ created_at: '2020-01-01', 'Upload Date': '2024-05-06' })).toEqual({
      created_at: '2024-05-06',
    })
  })

  it('falls back to the next name when the preferred one is blank', () => {
    expect(canonicaliseFields({ upload_date: '', created_at: '2020-01-01' })).toEqual({
      created_at: '2020-01-01',
    })
    expect(canonicaliseFields({ title: null, Title: 'From alias' })).toEqual({ title: 'From alias' })
    expect(canonicaliseFields({ media_url: '', URL: '/b.png' })).toEqual({ media_url: '/b.png' })
    // When every candidate is blank, the first one present is kept as it is.
    expect(canonicaliseFields({ title: '', Title: null })).toEqual({ title: '' })
  })

  it('prefers canonical names over alternates when both hold a value', () => {
    expect(
      canonicaliseFields({ Title: 'Alias', title: 'Canonical', author: 'A', submitted_by: 'B' }),
    ).toEqual({
      title: 'Canonical',
      author: 'A',
    })
  })

  it('returns anything but a plain object unchanged', () => {
    const list = [{ Title: 'x' }]
    expect(canonicaliseFields(list)).toBe(list)
    expect(canonicaliseFields('Title')).toBe('Title')
    expect(canonicaliseFields(null)).toBeNull()
    expect(canonicaliseFields(undefined)).toBeUndefined()
  })

  it('does not mutate its input', () => {
    const input = { Title: 'x', URL: '/a.png' }
    canonicaliseFields(input)
    expect(input).toEqual({ Title: 'x', URL: '/a.png' })
  })

  it('keeps a `__proto__` key from JSON inert and never pollutes Object.prototype', () => {
    const parsed: unknown = JSON.parse(
      '{"__proto__": {"polluted": "yes", "title": "Injected"}, "URL": "/a.png", "Title": "Real"}',
    )
    const result = canonicaliseFields(parsed)

    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect((result as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()

    const record = recordCreateSchema.parse(result)
    expect(record.title).toBe('Real')
    expect(record.media_url).toBe('/a.png')
    expect(Object.hasOwn(record, '__proto__')).toBe(false)
    expect('polluted' in record).toBe(false)
  })
})

describe('recordCreateSchema', () => {
  it('requires a media URL', () => {
    expect(outcome(recordCreateSchema, {})).toEqual({ ok: false, message: 'media_url is required' })
  })

  it.each([
    'https://cdn.example.com/a.png',
    'http://example.com/path/file.pdf?x=1#y',
    '/api/files/abc123/photo.jpg',
    '/',
    '  https://cdn.example.com/trimmed.png  ',
  ])('accepts the media URL %j', (url) => {
    expect(created({ media_url: url }).media_url).toBe(url.trim())
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/a.png',
    'file:///etc/passwd',
    '//evil.example.com/a.png',
    '/path with space.png',
    '/back\\slash.png',
    'relative/path.png',
    '',
  ])('rejects the media URL %j', (url) => {
    const result = outcome(recordCreateSchema, { media_url: url })
    expect(result).toEqual({
      ok: false,
      message: 'media_url must be an http(s) URL without credentials, or a path starting with /',
    })
  })

  it('applies the same rule to the thumbnail, which may also be null', () => {
    expect(createError({ thumbnail: 'javascript:alert(1)' })).toBe(
      'thumbnail must be an http(s) URL without credentials, or a path starting with /',
    )
    expect(created({ thumbnail: null }).thumbnail).toBeNull()
    expect(created({ thumbnail: '/thumbs/a.jpg' }).thumbnail).toBe('/thumbs/a.jpg')
  })

  it('rejects a media URL longer than the limit', () => {
    const url = `/${'a'.repeat(LIMITS.urlChars)}`
    expect(createError({ media_url: url })).toBe(
      `media_url must be at most ${String(LIMITS.urlChars)} characters`,
    )
    expect(created({ media_url: url.slice(0, LIMITS.urlChars) }).media_url).toHaveLength(LIMITS.urlChars)
  })

  it('rejects lone surrogates in any text field', () => {
    expect(createError({ title: 'bad \uD800 title' })).toBe('title must be valid Unicode text')
    expect(createError({ description: 'tail \uDC00' })).toBe('description must be valid Unicode text')
    expect(created({ title: 'emoji 🎞️ ok' }).title).toBe('emoji 🎞️ ok')
  })

  it('rejects NUL characters', () => {
    expect(createError({ description: 'a\u0000b' })).toBe('description must not contain NUL characters')
    expect(createError({ notes: '\u0000' })).toBe('notes must not contain NUL characters')
  })

  it('rejects control characters in single-line fields but keeps line breaks in long text', () => {
    expect(createError({ title: 'two\nlines' })).toBe(
      'Title contains a line break (U+000A LINE FEED); remove it.',
    )
    expect(createError({ author: 'tab\there' })).toBe(
      'Author contains a control character (U+0009 CHARACTER TABULATION); remove it.',
    )
    expect(created({ description: 'line one\nline two' }).description).toBe('line one\nline two')
  })

  it('rejects over-long strings at each limit', () => {
    expect(createError({ title: 'x'.repeat(LIMITS.titleChars + 1) })).toBe(
      `title must be at most ${String(LIMITS.titleChars)} characters`,
    )
    expect(created({ title: 'x'.repeat(LIMITS.titleChars) }).title).toHaveLength(LIMITS.titleChars)
    expect(createError({ description: 'x'.repeat(LIMITS.descriptionChars + 1) })).toBe(
      `description must be at most ${String(LIMITS.descriptionChars)} characters`,
    )
    expect(createError({ station: 'x'.repeat(LIMITS.shortTextChars + 1) })).toBe(
      `station must be at most ${String(LIMITS.shortTextChars)} characters`,
    )
  })

  it('trims single-line fields and reads null text as empty', () => {
    expect(created({ title: '  Padded  ', description: null })).toMatchObject({
      title: 'Padded',
      description: '',
    })
  })

  it('splits a comma-separated tag string, trimming and dropping empties and duplicates', () => {
    expect(created({ tags: ' sea, dawn ,, sea,boats , ' }).tags).toEqual(['sea', 'dawn', 'boats'])
    expect(created({ tags: ['a, b', ' c ', 'a', ''] }).tags).toEqual(['a', 'b', 'c'])
    expect(created({ tags: '' }).tags).toEqual([])
    // A repeat in another case or width is the same tag: the first spelling stays.
    expect(created({ tags: 'Sea,sea,ＳＥＡ' }).tags).toEqual(['Sea'])
  })

  it('limits the number and length of tags', () => {
    const many = Array.from({ length: LIMITS.tagsPerRecord + 1 }, (_, i) => `t${String(i)}`)
    expect(createError({ tags: many.join(',') })).toBe(
      `tags must hold at most ${String(LIMITS.tagsPerRecord)} tags`,
    )
    expect(created({ tags: many.slice(1) }).tags).toHaveLength(LIMITS.tagsPerRecord)
    expect(createError({ tags: 'x'.repeat(LIMITS.tagChars + 1) })).toMatch(
      new RegExp(`must hold tags of at most ${String(LIMITS.tagChars)} characters each$`),
    )
  })

  it('reads file_size as whole bytes from a number or a digit string', () => {
    expect(created({ file_size: '2048' }).file_size).toBe(2048)
    expect(created({ file_size: 0 }).file_size).toBe(0)
    expect(createError({ file_size: -1 })).toBe('file_size cannot be negative')
    expect(createError({ file_size: '12kb' })).toMatch(/^file_size/)
    expect(createError({ file_size: 1.5 })).toMatch(/^file_size/)
    expect(createError({ file_size: LIMITS.fileBytes + 1 })).toBe(
      `file_size must be at most ${String(LIMITS.fileBytes)} bytes`,
    )
  })

  it('stores created_at as ISO 8601 and refuses what is not a date', () => {
    expect(created({ created_at: '2024-01-02T03:04:05+02:00' }).created_at).toBe('2024-01-02T01:04:05.000Z')
    expect(createError({ created_at: 'yesterday-ish' })).toBe(
      'created_at must be an ISO 8601 date such as 2026-05-01',
    )
    expect(createError({ created_at: '1969-12-31T23:59:59Z' })).toBe(
      'created_at must be an ISO 8601 date such as 2026-05-01',
    )
  })

  it('accepts a MIME type as file_type and refuses anything else', () => {
    expect(created({ file_type: 'image/svg+xml' }).file_type).toBe('image/svg+xml')
    expect(createError({ file_type: 'png' })).toBe('file_type must be a MIME type such as image/png')
  })

  it('normalises folder_path and lower-cases a SHA-256 digest', () => {
    const digest = 'AB'.repeat(32)
    expect(created({ folder_path: 'a/b/', sha256: digest })).toMatchObject({
      folder_path: '/a/b',
      sha256: digest.toLowerCase(),
    })
    expect(createError({ sha256: 'abc' })).toBe('sha256 must be a hex SHA-256 digest')
  })

  it('drops fields the schema does not know', () => {
    expect(created({ id: 99, updated_at: 'x', isAdmin: true })).toEqual({ media_url: '/files/a.png' })
  })
})

describe('recordPatchSchema', () => {
  it.each([{}, { unknown: 'x' }, { id: 5, media_url: '/x.png' }])(
    'refuses %j with "Please provide at least one field to update"',
    (fields) => {
      expect(outcome(recordPatchSchema, fields)).toEqual({ ok: false, message: NO_FIELDS_MESSAGE })
    },
  )

  it('uses the wording of spec section 5', () => {
    expect(NO_FIELDS_MESSAGE).toBe('Please provide at least one field to update')
  })

  it('accepts any one editable field, including a blank one', () => {
    expect(recordPatchSchema.parse({ title: '' })).toEqual({ title: '' })
    expect(recordPatchSchema.parse({ station: 'N' })).toEqual({ station: 'N' })
    expect(recordPatchSchema.parse({ tags: 'x, y' })).toEqual({ tags: ['x', 'y'] })
  })

  it('accepts add_tags and remove_tags as strings or arrays', () => {
    expect(recordPatchSchema.parse({ add_tags: 'a, b', remove_tags: ['c'] })).toEqual({
      add_tags: ['a', 'b'],
      remove_tags: ['c'],
    })
  })

  it('reads alternate names once canonicalised', () => {
    expect(recordPatchSchema.parse(canonicaliseFields({ Title: 'T', Notes: 'n' }))).toEqual({
      title: 'T',
      notes: 'n',
    })
  })

  it('applies the text rules of the create schema', () => {
    expect(outcome(recordPatchSchema, { title: 'a\u0000' })).toEqual({
      ok: false,
      message: 'title must not contain NUL characters',
    })
  })
})

describe('describeIssue', () => {
  it('says a missing field is required', () => {
    expect(outcome(z.object({ name: z.string() }), {})).toEqual({ ok: false, message: 'name is required' })
    expect(outcome(z.string(), undefined)).toEqual({ ok: false, message: 'value is required' })
  })

  it('gives a capitalised custom message on its own', () => {
    expect(outcome(recordPatchSchema, {})).toEqual({ ok: false, message: NO_FIELDS_MESSAGE })
  })

  it('joins the path and a lower-case message with a space', () => {
    expect(outcome(batchUpdateRequestSchema, { updates: [] })).toEqual({
      ok: false,
      message: 'updates must hold at least one update',
    })
  })

  it('joins the path and any other message with a colon, naming nested paths with dots', () => {
    expect(outcome(batchUpdateRequestSchema, { updates: [{ id: 0, fields: {} }] })).toEqual({
      ok: false,
      message: 'updates.0.id: Too small: expected number to be >=1',
    })
  })

  it('does not name the field twice when the message names it, and knows a missing value by its input', () => {
    const hours = z.object({ hours: z.int().min(1, 'hours must be at least 1') })
    expect(outcome(hours, { hours: 0 })).toEqual({ ok: false, message: 'hours must be at least 1' })
    const role = z.object({ role: z.enum(['viewer', 'admin'], 'role must be one of viewer, admin') })
    const missing = role.safeParse({}, { reportInput: true })
    expect(missing.success ? null : describeIssue(missing.error)).toBe('role is required')
    const wrong = role.safeParse({ role: 'owner' }, { reportInput: true })
    expect(wrong.success ? null : describeIssue(wrong.error)).toBe('role must be one of viewer, admin')
  })

  it('gives a message without a path as it is', () => {
    expect(outcome(z.string().min(3, 'too short'), 'ab')).toEqual({ ok: false, message: 'too short' })
  })

  it('falls back to "Invalid request" for an error without issues', () => {
    expect(describeIssue(new z.ZodError([]))).toBe('Invalid request')
  })
})

describe('labels, dates and URLs that look right but are not', () => {
  it('refuses bidirectional overrides and C1 controls in single-line fields', () => {
    expect(createError({ title: 'invoice\u202efdp.exe' })).toBe(
      'Title contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
    expect(createError({ author: 'a\u0085b' })).toBe(
      'Author contains a line break (U+0085 NEXT LINE); remove it.',
    )
  })

  it('stores labels in NFC, so the same-looking title is the same text', () => {
    expect(created({ title: 'Cafe\u0301' }).title).toBe('Caf\u00e9')
  })

  it('refuses calendar days that do not exist instead of moving them', () => {
    expect(createError({ created_at: '2024-02-30' })).toBe(
      'created_at must be an ISO 8601 date such as 2026-05-01',
    )
    expect(createError({ created_at: '0' })).toBe('created_at must be an ISO 8601 date such as 2026-05-01')
    expect(createError({ created_at: '2024-01-01T25:00:00Z' })).not.toBeNull()
    expect(created({ created_at: '2024-02-29' }).created_at).toBe('2024-02-29T00:00:00.000Z')
    expect(created({ created_at: '2024-02-29 10:30:00Z' }).created_at).toBe('2024-02-29T10:30:00.000Z')
    expect(created({ created_at: '2024-02-29T10:30:00+02:00' }).created_at).toBe('2024-02-29T08:30:00.000Z')
  })

  it('refuses media URLs that carry credentials', () => {
    expect(createError({ media_url: 'https://user:secret@cdn.example.com/a.png' })).toBe(
      'media_url must be an http(s) URL without credentials, or a path starting with /',
    )
  })
})

describe('alt_text', () => {
  it('is trimmed, kept in NFC and may hold line breaks and joiners, on create and update alike', () => {
    expect(created({ alt_text: '  A cafe\u0301 on the pier\n at dusk  ' }).alt_text).toBe(
      'A café on the pier\n at dusk',
    )
    expect(recordPatchSchema.parse({ alt_text: ' Family 👨‍👩‍👧 ' })).toEqual({ alt_text: 'Family 👨‍👩‍👧' })
    expect(recordPatchSchema.parse({ alt_text: null })).toEqual({ alt_text: '' })
  })

  it(`holds at most ${String(LIMITS.altTextChars)} characters`, () => {
    expect(LIMITS.altTextChars).toBe(1_000)
    expect(created({ alt_text: 'a'.repeat(LIMITS.altTextChars) }).alt_text).toHaveLength(1_000)
    expect(createError({ alt_text: 'a'.repeat(LIMITS.altTextChars + 1) })).toBe(
      'alt_text must be at most 1000 characters',
    )
    expect(outcome(recordPatchSchema, { alt_text: 'a'.repeat(1_001) })).toEqual({
      ok: false,
      message: 'alt_text must be at most 1000 characters',
    })
  })

  it('refuses what is not a string, NUL and the direction controls', () => {
    expect(createError({ alt_text: 5 })).toBe('alt_text must be a string')
    expect(outcome(recordPatchSchema, { alt_text: ['a'] })).toEqual({
      ok: false,
      message: 'alt_text must be a string',
    })
    expect(createError({ alt_text: 'a\u0000' })).toBe('alt_text must not contain NUL characters')
    expect(createError({ alt_text: 'a\u202eb' })).toBe(
      'Alt text contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
  })

  it('counts as a field to update, a blank one too', () => {
    expect(recordPatchSchema.parse({ alt_text: '' })).toEqual({ alt_text: '' })
  })

  it('reads as empty on a record stored before the field existed', () => {
    const { alt_text: _altText, ...stored } = listedRecord(1)
    expect(mediaRecordSchema.parse(stored).alt_text).toBe('')
    expect(mediaRecordSchema.parse({ ...stored, alt_text: 'A pier' }).alt_text).toBe('A pier')
  })
})
