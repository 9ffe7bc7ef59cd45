import { extensionOf } from '../../../src/contract/file-types'
import { mimeFromName } from '../../../src/contract/mime-from-name'

/**
 * How a stored file is served. The type comes from an allow-list and must agree with both the file's
 * bytes and its extension; the uploader's claimed type is never used. Anything active (SVG, HTML, XML)
 * or unrecognised is served as an inert download.
 */
export interface ServingPolicy {
  contentType: string
  /** `inline` shows in the page (images, media, PDF in the preview frame); `attachment` downloads. */
  disposition: 'inline' | 'attachment'
  /** Add `Content-Security-Policy: sandbox`. PDFs go without: Chrome and Safari blank sandboxed PDFs. */
  sandbox: boolean
  /** Cloudinary's vocabulary, for the media-host result. */
  resourceType: 'image' | 'video' | 'raw'
}

type Signature = (bytes: Uint8Array) => boolean
type Rule = { check: Signature; policy: Omit<ServingPolicy, 'contentType'>; text?: true }

const bytesAt =
  (offset: number, ...values: number[]): Signature =>
  (bytes) =>
    values.every((value, index) => bytes[offset + index] === value)

const ascii = (text: string, offset = 0): Signature =>
  bytesAt(offset, ...Array.from({ length: text.length }, (_, index) => text.charCodeAt(index)))

const anyOf =
  (...signatures: Signature[]): Signature =>
  (bytes) =>
    signatures.some((signature) => signature(bytes))

const isIsoMedia = ascii('ftyp', 4)
const isMpegAudioFrame: Signature = (bytes) => bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0
const isRiff =
  (form: string): Signature =>
  (bytes) =>
    ascii('RIFF')(bytes) && ascii(form, 8)(bytes)
const isZip = bytesAt(0, 0x50, 0x4b, 0x03, 0x04)

const image = { disposition: 'inline', sandbox: true, resourceType: 'image' } as const
const video = { disposition: 'inline', sandbox: true, resourceType: 'video' } as const
const download = { disposition: 'attachment', sandbox: true, resourceType: 'raw' } as const

/** Text that is UTF-8 without NULs, and without markup a browser might render as a page. */
const isPlainText: Signature = (bytes) => {
  if (bytes.includes(0)) return false
  const window = bytes.subarray(0, 4096)
  const text = new TextDecoder('utf-8').decode(window)
  // A multi-byte character may be cut at the window's end; only earlier replacement characters count.
  if (text.slice(0, -1).includes('\ufffd')) return false
  return !/<\s*(?:!doctype|html|script|svg|iframe|body|head|\?xml)/i.test(text)
}

const RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  ...['jpg', 'jpeg'].map((ext) => [ext, { check: bytesAt(0, 0xff, 0xd8, 0xff), policy: image }] as const),
  ['png', { check: bytesAt(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), policy: image }],
  ['gif', { check: anyOf(ascii('GIF87a'), ascii('GIF89a')), policy: image }],
  ['webp', { check: isRiff('WEBP'), policy: image }],
  [
    'avif',
    {
      check: (bytes) => isIsoMedia(bytes) && anyOf(ascii('avif', 8), ascii('avis', 8))(bytes),
      policy: image,
    },
  ],
  ['bmp', { check: ascii('BM'), policy: image }],
  ...['mp4', 'm4v', 'mov', 'm4a'].map((ext) => [ext, { check: isIsoMedia, policy: video }] as const),
  ...['webm', 'mkv'].map(
    (ext) => [ext, { check: bytesAt(0, 0x1a, 0x45, 0xdf, 0xa3), policy: video }] as const,
  ),
  ...['ogv', 'ogg', 'oga'].map((ext) => [ext, { check: ascii('OggS'), policy: video }] as const),
  ['mp3', { check: anyOf(ascii('ID3'), isMpegAudioFrame), policy: video }],
  ['aac', { check: isMpegAudioFrame, policy: video }],
  ['wav', { check: isRiff('WAVE'), policy: video }],
  ['flac', { check: ascii('fLaC'), policy: video }],
  [
    'pdf',
    { check: ascii('%PDF-'), policy: { disposition: 'inline', sandbox: false, resourceType: 'image' } },
  ],
  ...['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip'].map(
    (ext) => [ext, { check: isZip, policy: download }] as const,
  ),
  ...['doc', 'xls', 'ppt'].map(
    (ext) =>
      [ext, { check: bytesAt(0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), policy: download }] as const,
  ),
  ['gz', { check: bytesAt(0, 0x1f, 0x8b), policy: download }],
  ['7z', { check: bytesAt(0, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c), policy: download }],
  ['rar', { check: ascii('Rar!'), policy: download }],
  ...['txt', 'md', 'csv', 'json', 'log'].map(
    (ext) =>
      [
        ext,
        {
          check: isPlainText,
          policy: { disposition: 'inline', sandbox: true, resourceType: 'raw' },
          text: true,
        },
      ] as const,
  ),
])

/** Decides how to serve a file from its name and its first bytes (at least 4 KiB when the file has them). */
export function servingPolicy(fileName: string, head: Uint8Array): ServingPolicy {
  const rule = RULES.get(extensionOf(fileName))
  if (!rule?.check(head)) return { contentType: 'application/octet-stream', ...download }
  // Text is always served as plain text, so no browser renders a CSV or Markdown file as a document.
  const contentType = rule.text ? 'text/plain; charset=utf-8' : mimeFromName(fileName)
  return { contentType, ...rule.policy }
}

/** How many leading bytes `servingPolicy` needs to see. */
export const SNIFF_BYTES = 4096

/**
 * What the first bytes say a file is, as an extension `servingPolicy` serves, or null when no signature
 * matches: for a file whose name says nothing true about it (an import, decision 0048). Where formats
 * share a signature the plainest name wins (a ZIP is `zip`, ISO media `mp4`); text is tried after every
 * binary signature, and BMP's two letters last.
 */
export function sniffedExtension(head: Uint8Array): string | null {
  return SNIFF_ORDER.find((extension) => RULES.get(extension)?.check(head)) ?? null
}

const SNIFF_ORDER = [
  'jpg',
  'png',
  'gif',
  'webp',
  'avif',
  'mp4',
  'webm',
  'ogg',
  'mp3',
  'wav',
  'flac',
  'pdf',
  'zip',
  'doc',
  'gz',
  '7z',
  'rar',
  'txt',
  'bmp',
] as const
