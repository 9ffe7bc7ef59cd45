/**
 * `LIMITS.recordBytes` is a real maximum: random sequences of creates, updates and batch updates (tags
 * added, removed and replaced, ids repeated in a batch, every text field at and past its limit, with the
 * characters that cost most in JSON or grow under Unicode normalisation) never leave a stored record
 * whose JSON is larger. Requests go through the real handlers; refused ones simply change nothing.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { readAllRecords } from '../../../netlify/server/records/record-pages'
import { LIMITS } from '../../../src/contract/limits'
import { freshStores, send } from '../../support/in-process-api'

/**
 * Characters that cost most in JSON: a quote (2 bytes), 3-byte UTF-8, a surrogate pair, and in free
 * text a control character (6 bytes, `\u0001`); rarely one that NFC turns into three (U+FB2C).
 */
const LABEL_CHARS = fc.oneof(
  { arbitrary: fc.constantFrom('"', '\u20ac', '\u{1f600}', '\u00e9', 'a'), weight: 20 },
  { arbitrary: fc.constant('\uFB2C'), weight: 1 },
)
const TEXT_CHARS = fc.oneof(
  { arbitrary: fc.constantFrom('\u0001', '\u001f'), weight: 10 },
  { arbitrary: LABEL_CHARS, weight: 10 },
)

/** A string of one costly character, mostly exactly `limit` UTF-16 units long, now and then past it. */
const near = (limit: number, chars: fc.Arbitrary<string> = LABEL_CHARS, over = 1) =>
  fc
    .tuple(
      chars,
      fc.oneof(
        { arbitrary: fc.constant(limit), weight: 12 },
        { arbitrary: fc.integer({ min: 0, max: limit }), weight: 7 },
        { arbitrary: fc.integer({ min: limit + 1, max: limit + 5 }), weight: over },
      ),
    )
    .map(([char, length]) => char.repeat(Math.floor(length / char.length)))

/** Tags near their length limit, distinct within a list and (by a random salt) across calls. */
const tagList = fc
  .tuple(
    fc.nat(),
    fc.oneof(
      {
        arbitrary: fc.array(near(LIMITS.tagChars, TEXT_CHARS, 0), {
          maxLength: LIMITS.tagsPerRecord,
          size: 'max',
        }),
        weight: 9,
      },
      {
        arbitrary: fc.array(near(LIMITS.tagChars, TEXT_CHARS), {
          maxLength: LIMITS.tagsPerRecord + 2,
          size: 'max',
        }),
        weight: 1,
      },
    ),
  )
  .map(([salt, tags]) =>
    tags.map((tag, i) => {
      const prefix = `${salt.toString(36)}.${String(i)}.`
      return `${prefix}${tag}`.slice(0, Math.max(tag.length, prefix.length)).toWellFormed()
    }),
  )

const longFraction = fc.constantFrom(2.2250738585072014e-308, 0.12345678901234568, 1)

const editable = fc.record(
  {
    title: near(LIMITS.titleChars),
    description: near(LIMITS.descriptionChars, TEXT_CHARS),
    notes: near(LIMITS.notesChars, TEXT_CHARS),
    alt_text: near(LIMITS.altTextChars, TEXT_CHARS),
    category: near(LIMITS.shortTextChars),
    station: near(LIMITS.shortTextChars),
    author: near(LIMITS.shortTextChars),
    tags: tagList,
    // The longest numbers JSON writes, within the settings' ranges.
    focal_point: fc.record({ x: longFraction, y: longFraction }),
    crop: fc.record({ x: fc.constant(0), y: fc.constant(0), width: longFraction, height: longFraction }),
    rotate: fc.constantFrom(0, 90, 180, 270),
  },
  { requiredKeys: [] },
)

const patchFields = fc.record(
  {
    title: near(LIMITS.titleChars),
    description: near(LIMITS.descriptionChars, TEXT_CHARS),
    notes: near(LIMITS.notesChars, TEXT_CHARS),
    alt_text: near(LIMITS.altTextChars, TEXT_CHARS),
    author: near(LIMITS.shortTextChars),
    tags: tagList,
    add_tags: tagList,
    remove_tags: tagList,
  },
  { requiredKeys: ['add_tags'] },
)

const createBody = fc
  .tuple(editable, near(LIMITS.urlChars - 30), near(LIMITS.shortTextChars), near(LIMITS.shortTextChars))
  .map(([fields, path, publicId, format]) => ({
    ...fields,
    media_url: `https://cdn.example.test/${path}`.slice(0, LIMITS.urlChars),
    thumbnail: `https://cdn.example.test/t/${path}`.slice(0, LIMITS.urlChars),
    public_id: publicId,
    format,
    file_size: LIMITS.fileBytes,
    width: 123_456.78901234567,
    height: 0.1234567890123456,
    duration: 9_999_999.999999998,
    created_at: '9999-12-31T23:59:59Z',
  }))

type Command =
  | { kind: 'create'; body: unknown }
  | { kind: 'update'; target: number; fields: unknown }
  | { kind: 'batch'; items: { target: number; fields: unknown }[] }

const command: fc.Arbitrary<Command> = fc.oneof(
  createBody.map((body) => ({ kind: 'create' as const, body })),
  fc.tuple(fc.nat(4), patchFields).map(([target, fields]) => ({ kind: 'update' as const, target, fields })),
  fc
    .array(fc.record({ target: fc.nat(4), fields: patchFields }), { minLength: 1, maxLength: 6 })
    .map((items) => ({ kind: 'batch' as const, items })),
)

describe('LIMITS.recordBytes', () => {
  it('bounds every record any sequence of accepted calls can store', async () => {
    let largest = 0
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const raw = freshStores()
        const ids: number[] = []
        const idOf = (target: number) => ids[target % Math.max(1, ids.length)] ?? 1
        for (const step of commands) {
          const answer =
            step.kind === 'create'
              ? await send({ method: 'POST', path: '/api/upload', json: step.body })
              : step.kind === 'update'
                ? await send({
                    method: 'PATCH',
                    path: `/api/update/${String(idOf(step.target))}`,
                    json: step.fields,
                  })
                : await send({
                    method: 'POST',
                    path: '/api/batch-update',
                    json: {
                      updates: step.items.map((item) => ({ id: idOf(item.target), fields: item.fields })),
                    },
                  })
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500)
          if (answer.status < 300) accepted++
          if (step.kind === 'create' && answer.status === 201) {
            ids.push((answer.body as { record: { id: number } }).record.id)
          }
          for (const record of await readAllRecords(raw.documents)) {
            const bytes = Buffer.byteLength(JSON.stringify(record))
            largest = Math.max(largest, bytes)
            expect(bytes).toBeLessThanOrEqual(LIMITS.recordBytes)
            expect(record.tags.length).toBeLessThanOrEqual(LIMITS.tagsPerRecord)
          }
        }
      }),
      { numRuns: 150 },
    )
    console.log(
      `Record size: ${String(accepted)} accepted calls, largest record ${String(largest)} bytes, ` +
        `0 over the maximum of ${String(LIMITS.recordBytes)}`,
    )
    expect(accepted).toBeGreaterThan(0)
  }, 120_000)
})
