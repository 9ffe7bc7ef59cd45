/**
 * Alt text past its bound or of the wrong kind: more than 1,000 characters, a number, an object. Create,
 * update and batch update must each answer 400 and store nothing; a file's alt text stays as it was.
 */

import { call, createRecord, findRecord, record } from './client.ts'

/** One character past the limit, in characters that take the most bytes once stored as JSON. */
const TOO_LONG = '\u0001'.repeat(1_001)

const HOSTILE_VALUES: readonly [unknown, string][] = [
  [TOO_LONG, '1,001 characters'],
  ['a'.repeat(100_000), '100,000 characters'],
  [42, 'a number'],
  [{ toString: 'x' }, 'an object'],
  [['a', 'b'], 'an array'],
  [true, 'a boolean'],
]

const said = (error: unknown) => (typeof error === 'string' ? error : '')

async function storedAltText(id: number): Promise<unknown> {
  const found = (await findRecord(id)) as { alt_text?: unknown } | null
  return found?.alt_text
}

export async function checkAltText(): Promise<void> {
  const kept = 'A pier at dusk'
  const seeded = await createRecord({
    media_url: 'https://cdn.example.test/hostile-alt.jpg',
    alt_text: kept,
  })
  const id = seeded.data?.id
  if (seeded.status !== 201 || id === undefined) {
    record('alt text: a file with alt text', '201', String(seeded.status), true)
    return
  }
  for (const [value, what] of HOSTILE_VALUES) {
    const created = await createRecord({
      media_url: 'https://cdn.example.test/hostile-alt.jpg',
      alt_text: value,
    })
    record(
      `alt text: create with ${what}`,
      '400',
      `${String(created.status)} ${said(created.error)}`,
      created.status !== 400,
    )
    const updated = await call('PATCH', `/api/update/${String(id)}`, { alt_text: value })
    record(
      `alt text: update with ${what}`,
      '400',
      `${String(updated.status)} ${said(updated.json?.error)}`,
      updated.status !== 400,
    )
    const batch = await call('POST', '/api/batch-update', { updates: [{ id, fields: { alt_text: value } }] })
    record(
      `alt text: batch update with ${what}`,
      '400',
      `${String(batch.status)} ${said(batch.json?.error)}`,
      batch.status !== 400,
    )
  }
  const after = await storedAltText(id)
  record('alt text: the file keeps its alt text', JSON.stringify(kept), JSON.stringify(after), after !== kept)
}
