import sharp from 'sharp'

/** What a test photo carries; each part only when given. */
export interface PhotoMetadata {
  /** EXIF blocks as sharp writes them: IFD0 (camera), IFD2 (Exif: dates), IFD3 (GPS). */
  exif?: Record<string, Record<string, string>>
  orientation?: number
  /** IPTC datasets of record 2: [dataset number, value], repeated for a list. */
  iptc?: [number, string][]
  /** An XMP packet. */
  xmp?: string
}

/**
 * IPTC datasets: 2:05 object name (the title), 2:25 keywords, 2:80 by-line, 2:105 headline, 2:116
 * copyright notice, 2:120 caption.
 */
export const IPTC = {
  objectName: 5,
  keyword: 25,
  byline: 80,
  headline: 105,
  copyright: 116,
  caption: 120,
} as const

/** A small real JPEG carrying `metadata`: sharp writes EXIF and XMP, an APP13 segment is built for IPTC. */
export async function photoWith(metadata: PhotoMetadata, size = { width: 8, height: 6 }): Promise<Buffer> {
  let image = sharp({ create: { ...size, channels: 3, background: '#808080' } }).jpeg()
  if (metadata.exif || metadata.orientation !== undefined) {
    image = image.withMetadata({
      ...(metadata.orientation === undefined ? {} : { orientation: metadata.orientation }),
      ...(metadata.exif ? { exif: metadata.exif } : {}),
    })
  }
  if (metadata.xmp !== undefined) image = image.withXmp(metadata.xmp)
  const jpeg = await image.toBuffer()
  return metadata.iptc ? withIptc(jpeg, metadata.iptc) : jpeg
}

/** `jpeg` with an APP13 (Photoshop IRB 0x0404) segment holding the IPTC datasets, right after SOI. */
export function withIptc(jpeg: Buffer, datasets: [number, string][]): Buffer {
  // 1:90 says the text is UTF-8 (ESC % G).
  const records = [dataset(1, 90, Buffer.from([0x1b, 0x25, 0x47]))]
  for (const [number, value] of datasets) records.push(dataset(2, number, Buffer.from(value, 'utf8')))
  const iptc = Buffer.concat(records)
  const padded = iptc.length % 2 === 0 ? iptc : Buffer.concat([iptc, Buffer.from([0])])
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0x00, 0x00]),
    uint32(iptc.length),
    padded,
  ])
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource])
  const segment = Buffer.concat([Buffer.from([0xff, 0xed]), uint16(body.length + 2), body])
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)])
}

function dataset(record: number, number: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x1c, record, number]), uint16(value.length), value])
}

function uint16(value: number): Buffer {
  const buffer = Buffer.alloc(2)
  buffer.writeUInt16BE(value)
  return buffer
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value)
  return buffer
}

/** An XMP packet with a Dublin Core title, description, creator, subject (keywords) and rights. */
export function xmpPacket({
  title,
  description,
  creator,
  subject = [],
  rights,
}: {
  title?: string
  description?: string
  creator?: string
  subject?: string[]
  rights?: string
}): string {
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${text}</rdf:li></rdf:Alt>`
  const parts = [
    title === undefined ? '' : `<dc:title>${alt(title)}</dc:title>`,
    description === undefined ? '' : `<dc:description>${alt(description)}</dc:description>`,
    creator === undefined ? '' : `<dc:creator><rdf:Seq><rdf:li>${creator}</rdf:li></rdf:Seq></dc:creator>`,
    subject.length === 0
      ? ''
      : `<dc:subject><rdf:Bag>${subject.map((word) => `<rdf:li>${word}</rdf:li>`).join('')}</rdf:Bag></dc:subject>`,
    rights === undefined ? '' : `<dc:rights>${alt(rights)}</dc:rights>`,
  ]
  return (
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">${parts.join('')}</rdf:Description>` +
    '</rdf:RDF></x:xmpmeta>'
  )
}
