import { randomBytes } from 'node:crypto'

import { afterEach, describe, expect, it } from 'vitest'

import { keepGpsMetadata } from '../../../../netlify/server/env'
import { createRecord } from '../../../../netlify/server/records/media-service'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { readFileMetadata, readUploadMetadata } from '../../../../netlify/server/uploads/file-metadata'
import { replaceFile } from '../../../../netlify/server/uploads/replace-file'
import {
  appendChunk,
  createUpload,
  readManifest,
  type MediaHostStores,
} from '../../../../netlify/server/uploads/upload-service'
import { LIMITS } from '../../../../src/contract/limits'
import { mediaRecordSchema, recordCreateSchema } from '../../../../src/contract/record'
import { listedRecord } from '../../../support/listed-record'
import { IPTC, photoWith, withIptc, xmpPacket } from '../../../support/metadata-jpeg'

const T0 = new Date('2025-03-04T05:06:07.000Z')

const CAMERA = {
  IFD0: { Make: 'Canon', Model: 'EOS R5', Artist: 'Exif Artist', Copyright: 'Exif Copyright' },
  IFD2: { DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+02:00' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 0/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 30/1',
  },
}

const fullPhoto = () =>
  photoWith({
    exif: CAMERA,
    orientation: 6,
    iptc: [
      [IPTC.keyword, 'harbour'],
      [IPTC.keyword, 'Zürich'],
      [IPTC.caption, 'Boats at first light'],
      [IPTC.byline, 'Ada Lovelace'],
      [IPTC.copyright, '© 2024 Ada Lovelace'],
    ],
    xmp: xmpPacket({ description: 'XMP caption', creator: 'Xmp Creator', subject: ['dawn', 'Harbour'] }),
  })

describe('readFileMetadata', () => {
  it('reads the camera, date, orientation, position and the IPTC and XMP words of a JPEG', async () => {
    expect(await readFileMetadata(await fullPhoto())).toEqual({
      camera_make: 'Canon',
      camera_model: 'EOS R5',
      taken_at: '2024-05-01T10:20:30+02:00',
      orientation: 6,
      gps: { latitude: 51.5, longitude: -0.125 },
      // IPTC first, then XMP's subject; a keyword repeated in another case is kept once.
      keywords: ['harbour', 'Zürich', 'dawn'],
      caption: 'Boats at first light',
      creator: 'Ada Lovelace',
      copyright: '© 2024 Ada Lovelace',
    })
  })

  it('reads XMP alone, and a date without a zone as the camera clock said it', async () => {
    const photo = await photoWith({
      exif: { IFD2: { DateTimeOriginal: '2023:12:31 23:59:58' } },
      xmp: xmpPacket({ description: 'Only XMP', creator: 'Bob', subject: ['one'], rights: 'CC BY 4.0' }),
    })
    // sharp writes orientation 1 with any EXIF.
    expect(await readFileMetadata(photo)).toEqual({
      orientation: 1,
      taken_at: '2023-12-31T23:59:58',
      keywords: ['one'],
      caption: 'Only XMP',
      creator: 'Bob',
      copyright: 'CC BY 4.0',
    })
  })

  it('leaves the position out when asked to', async () => {
    const metadata = await readFileMetadata(await fullPhoto(), { keepGps: false })
    expect(metadata).not.toHaveProperty('gps')
    expect(metadata).toMatchObject({ camera_make: 'Canon' })
  })

  it('gives null for a file with no metadata, and for what is not an image', async () => {
    expect(await readFileMetadata(await photoWith({}))).toBeNull()
    expect(await readFileMetadata(new TextEncoder().encode('%PDF-1.7 hello'))).toBeNull()
    expect(await readFileMetadata(new Uint8Array(0))).toBeNull()
  })

  it('never throws on truncated or garbage metadata', async () => {
    const photo = await fullPhoto()
    for (let cut = 0; cut < photo.length; cut += 7) {
      const metadata = await readFileMetadata(photo.subarray(0, cut))
      if (metadata) expect(mediaRecordSchema.shape.metadata.parse(metadata)).toEqual(metadata)
    }
    // An APP1 "Exif" segment of random bytes, an IPTC segment whose lengths run past its end, random
    // bytes after a JPEG's start.
    for (let round = 0; round < 50; round++) {
      const body = Buffer.concat([Buffer.from('Exif\0\0MM\0*', 'latin1'), randomBytes(200 + round * 37)])
      const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, body.length >> 8, body.length & 0xff]), body])
      const broken = Buffer.concat([photo.subarray(0, 2), app1, photo.subarray(2)])
      await expect(readFileMetadata(broken)).resolves.not.toThrow()
      await expect(
        readFileMetadata(Buffer.concat([photo.subarray(0, 2), randomBytes(4000)])),
      ).resolves.toBeDefined()
    }
    const lying = withIptc(await photoWith({}), [[IPTC.caption, 'x']])
    lying.writeUInt16BE(0xffff, 2 + 4 + 14 + 4 + 4 + 4 + 5 + 3)
    await expect(readFileMetadata(lying)).resolves.not.toThrow()
  })

  it('drops control characters and cuts long texts, never refusing the file', async () => {
    const photo = await photoWith({
      iptc: [
        [IPTC.caption, `line one\r\nline two\u0007\u202e${'c'.repeat(5_000)}`],
        [IPTC.byline, ' Ada\u0000 \u200bLove\tlace '],
        ...Array.from({ length: 80 }, (_, i): [number, string] => [IPTC.keyword, `word ${String(i)}`]),
        [IPTC.keyword, 'k'.repeat(300)],
      ],
    })
    const metadata = await readFileMetadata(photo)
    expect(metadata?.creator).toBe('Ada Love lace')
    expect(metadata?.caption?.startsWith('line one\nline twoccc')).toBe(true)
    expect(metadata?.caption).toHaveLength(LIMITS.fileMetadataCaptionChars)
    expect(metadata?.keywords).toHaveLength(LIMITS.fileMetadataKeywords)
  })

  it('refuses a date or position that cannot be real', async () => {
    const photo = await photoWith({
      exif: {
        IFD2: { DateTimeOriginal: '2024:02:30 10:00:00' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '95/1 0/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '1/1 0/1 0/1',
        },
      },
      iptc: [[IPTC.keyword, 'kept']],
    })
    expect(await readFileMetadata(photo)).toEqual({ orientation: 1, keywords: ['kept'] })
  })
})

describe('the metadata of an uploaded file', () => {
  const saved = process.env.KEEP_GPS_METADATA
  afterEach(() => {
    if (saved === undefined) delete process.env.KEEP_GPS_METADATA
    else process.env.KEEP_GPS_METADATA = saved
  })

  async function upload(stores: MediaHostStores, filename: string, bytes: Uint8Array): Promise<string> {
    const settings = { maxUploadBytes: 16 * 1024 * 1024, expiryMs: 3_600_000 }
    const { id } = await createUpload(stores, settings, { length: bytes.length, metadata: { filename } }, T0)
    await appendChunk(stores, id, { offset: 0, bytes, checksum: null, readMetadata: readUploadMetadata }, T0)
    return id
  }

  const freshStores = (): MediaHostStores => ({
    documents: new MemoryDocumentStore(),
    bytes: new MemoryByteStore(),
  })

  it('is kept on the record, whatever the client claims', async () => {
    const stores = freshStores()
    const id = await upload(stores, 'harbour.jpg', await fullPhoto())
    expect((await readManifest(stores.documents, id))?.metadata).toMatchObject({ camera_make: 'Canon' })
    const body = recordCreateSchema.parse({
      media_url: `/api/files/${id}/harbour.jpg`,
      metadata: { camera_make: 'Forged', gps: { latitude: 1, longitude: 2 } },
    })
    const record = await createRecord(
      stores.documents,
      { ...body, metadata: { camera_make: 'Forged' } } as never,
      T0,
    )
    expect(record.metadata).toMatchObject({
      camera_make: 'Canon',
      gps: { latitude: 51.5, longitude: -0.125 },
      keywords: ['harbour', 'Zürich', 'dawn'],
    })
    expect(mediaRecordSchema.parse(record)).toEqual(record)
  })

  it('reads KEEP_GPS_METADATA as keep unless false, and refuses a value it does not know', () => {
    expect(keepGpsMetadata({})).toBe(true)
    expect(keepGpsMetadata({ KEEP_GPS_METADATA: '' })).toBe(true)
    expect(keepGpsMetadata({ KEEP_GPS_METADATA: 'true' })).toBe(true)
    expect(keepGpsMetadata({ KEEP_GPS_METADATA: ' False ' })).toBe(false)
    expect(keepGpsMetadata({ KEEP_GPS_METADATA: '0' })).toBe(false)
    expect(() => keepGpsMetadata({ KEEP_GPS_METADATA: 'maybe' })).toThrow(/true or false/)
  })

  it('drops the position when KEEP_GPS_METADATA is false', async () => {
    process.env.KEEP_GPS_METADATA = 'false'
    const stores = freshStores()
    const id = await upload(stores, 'harbour.jpg', await fullPhoto())
    const record = await createRecord(stores.documents, { media_url: `/api/files/${id}/harbour.jpg` }, T0)
    expect(record.metadata).toMatchObject({ camera_make: 'Canon' })
    expect(record.metadata).not.toHaveProperty('gps')
  })

  it('uploads a file with broken metadata as before, with none kept', async () => {
    const stores = freshStores()
    const photo = await fullPhoto()
    const broken = Buffer.concat([
      photo.subarray(0, 2),
      Buffer.from([0xff, 0xe1, 0x00, 0x20]),
      Buffer.from('Exif\0\0II*\0'),
      randomBytes(22),
      photo.subarray(2),
    ])
    const id = await upload(stores, 'broken.jpg', broken)
    const record = await createRecord(stores.documents, { media_url: `/api/files/${id}/broken.jpg` }, T0)
    expect(record.id).toBeGreaterThan(0)
    expect(mediaRecordSchema.parse(record)).toEqual(record)
  })

  it('is kept only for a file named as an image, and follows the file on replace', async () => {
    const stores = freshStores()
    const notImage = await upload(stores, 'photo.bin', await fullPhoto())
    expect((await readManifest(stores.documents, notImage))?.metadata).toBeUndefined()

    const first = await upload(stores, 'a.jpg', await fullPhoto())
    const record = await createRecord(stores.documents, { media_url: `/api/files/${first}/a.jpg` }, T0)
    const plain = await upload(stores, 'b.jpg', await photoWith({}))
    const { record: replaced } = await replaceFile(stores.documents, record.id, {
      media_url: `/api/files/${plain}/b.jpg`,
    })
    expect(replaced).not.toHaveProperty('metadata')
    const again = await upload(stores, 'c.jpg', await photoWith({ iptc: [[IPTC.keyword, 'new']] }))
    const { record: withWords } = await replaceFile(stores.documents, record.id, {
      media_url: `/api/files/${again}/c.jpg`,
    })
    expect(withWords.metadata).toEqual({ keywords: ['new'] })
  })

  it('reads an old record without metadata as before', () => {
    const { metadata: _metadata, ...old } = listedRecord(1)
    expect(mediaRecordSchema.parse(old).metadata).toBeUndefined()
  })
})
