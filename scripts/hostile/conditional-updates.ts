/**
 * Updates that name a version of the record (`If-Match`, decision 0092): a stale version, a weak tag, a
 * malformed one, a very long list, and two writers racing with the same version. Each refused one must
 * answer 412 and change nothing; of the racing two, exactly one may land.
 */

import { call, createRecord, record } from './client.ts'

async function titleAndVersion(id: number): Promise<{ title: unknown; etag: string }> {
  const answer = await call('GET', `/api/media/${String(id)}`)
  const stored = answer.json?.record as { title?: unknown } | undefined
  return { title: stored?.title, etag: answer.headers.get('etag') ?? '' }
}

export async function checkConditionalUpdates(): Promise<void> {
  const seeded = await createRecord({ media_url: 'https://cdn.example.test/hostile-if-match.jpg' })
  const id = seeded.data?.id
  if (seeded.status !== 201 || id === undefined) {
    record('If-Match: a file to update', '201', String(seeded.status), true)
    return
  }
  const path = `/api/update/${String(id)}`
  const first = await titleAndVersion(id)
  const moved = await call('PATCH', path, { title: 'Version two' }, { 'If-Match': first.etag })
  record('If-Match: the current version', '200', String(moved.status), moved.status !== 200)

  const refusals: [string, string][] = [
    ['a stale version', first.etag],
    ['the current version as a weak tag', `W/${(await titleAndVersion(id)).etag}`],
    ['a malformed tag', 'not-a-tag'],
    ['1,000 tags, none current', Array.from({ length: 1_000 }, (_, i) => `"t${String(i)}"`).join(',')],
  ]
  for (const [what, condition] of refusals) {
    const answer = await call('PATCH', path, { title: `Changed by ${what}` }, { 'If-Match': condition })
    const title = (await titleAndVersion(id)).title
    record(
      `If-Match: ${what}`,
      '412, title kept',
      `${String(answer.status)}, title ${JSON.stringify(title)}`,
      answer.status < 300 || title !== 'Version two',
    )
  }

  // Two writers holding the same version: the shard's write is conditional, so one lands and one is refused.
  const held = (await titleAndVersion(id)).etag
  const raced = await Promise.all(
    ['Writer A', 'Writer B'].map((title) => call('PATCH', path, { title }, { 'If-Match': held })),
  )
  const landed = raced.filter((answer) => answer.status === 200).length
  const refused = raced.filter((answer) => answer.status === 412).length
  record(
    'If-Match: two writers racing with one version',
    '1 landed, 1 refused (412)',
    `${String(landed)} landed, ${String(refused)} refused`,
    landed > 1,
  )
}
