/**
 * `GET /api/image/{id}` against hostile input: an image whose header declares 900 megapixels (a
 * decompression bomb) must be refused (415) before it is decoded, not take the function down; sizes,
 * fits, formats and parameters the app never builds must be 400; delivery settings out of range must be
 * refused on update; and a URL without the record's version must be sent to the current one, never
 * rendered (decision 0070).
 */

import { crc32 } from 'node:zlib'

import { base, call, createRecord, PNG, record, token, tusUpload } from './client.ts'

/** The one-pixel PNG with its header claiming 30,000 x 30,000 pixels, its checksum made to match. */
function pixelBomb(): Uint8Array<ArrayBuffer> {
  const png = Buffer.from(PNG)
  png.writeUInt32BE(30_000, 16)
  png.writeUInt32BE(30_000, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return new Uint8Array(png)
}

async function imageRecord(bytes: Uint8Array<ArrayBuffer>, name: string): Promise<number | null> {
  const { url } = await tusUpload(bytes, name)
  const created = await createRecord({ media_url: url })
  return created.status === 201 && created.data?.id !== undefined ? created.data.id : null
}

export async function checkImageDelivery(): Promise<void> {
  if (token) {
    const bare = await fetch(`${base}/api/image/1?w=10`)
    record('image: without the token behind the gate', '401', String(bare.status), bare.status !== 401)
  }
  const bomb = await imageRecord(pixelBomb(), 'hostile-bomb.png')
  if (bomb === null) {
    record('image: a record of a pixel bomb', '201', 'not created', true)
  } else {
    const started = Date.now()
    const answer = await call('GET', await currentUrl(bomb, 'w=320'))
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    record(
      'image: a PNG declaring 900 megapixels',
      '415 within a second or two',
      `${String(answer.status)} in ${seconds} s`,
      answer.status !== 415,
    )
  }

  const id = await imageRecord(PNG, 'hostile-pixel.png')
  if (id === null) {
    record('image: a record of a one-pixel PNG', '201', 'not created', true)
    return
  }
  for (const query of [
    'w=0',
    'w=99999',
    'h=-1',
    'w=1e3',
    'w=4000',
    'w=4000&h=4000&fit=fill',
    'fit=stretch',
    'fm=svg',
    'fm=png',
    'w=320&cb=1',
    'v=%00',
  ]) {
    const answer = await call('GET', `/api/image/${String(id)}?${query}`)
    record(`image: ${query}`, '400', String(answer.status), answer.status !== 400)
  }
  for (const fields of [
    { rotate: 45 },
    { crop: { x: 0.5, y: 0, width: 0.6, height: 1 } },
    { crop: { x: 0, y: 0, width: 0, height: 1 } },
    { focal_point: { x: -1, y: 2 } },
    { focal_point: 'center' },
  ]) {
    const answer = await call('PATCH', `/api/update/${String(id)}`, fields)
    record(
      `image: update with ${JSON.stringify(fields)}`,
      '400',
      String(answer.status),
      answer.status !== 400,
    )
  }
  for (const query of ['w=320', 'w=320&v=0old0']) {
    const answer = await call('GET', `/api/image/${String(id)}?${query}`)
    record(
      `image: ${query} (not the current version)`,
      '302 to the current URL, nothing rendered',
      `${String(answer.status)} ${answer.headers.get('location') ?? ''}`,
      answer.status !== 302 || !/[?&]v=[0-9a-z]+$/.test(answer.headers.get('location') ?? ''),
    )
  }
}

/** The rendition's one URL: where the route sends a URL without the version. */
async function currentUrl(id: number, query: string): Promise<string> {
  const answer = await call('GET', `/api/image/${String(id)}?${query}`)
  return answer.headers.get('location') ?? `/api/image/${String(id)}?${query}`
}
