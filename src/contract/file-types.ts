/**
 * What a file is, from its name or URL: the extension-to-MIME map of spec section 9, the automatic
 * category and the type name. Shared by the screen (icons, previews, filters) and the functions
 * (a record's `file_type` when the client sends none).
 */

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  // images
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  // video
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  ogv: 'video/ogg',
  // audio
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  // documents
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  // archives
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  gz: 'application/gzip',
}

export const UNKNOWN_MIME = 'application/octet-stream'

const OFFICE_MIMES = new Set([
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
])

const ARCHIVE_MIMES = new Set([
  'application/zip',
  'application/vnd.rar',
  'application/x-7z-compressed',
  'application/x-tar',
  'application/gzip',
])

/** The lower-cased extension of a file name or URL path, ignoring any query or fragment. */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/, 1)[0] ?? ''
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  const dot = lastSegment.lastIndexOf('.')
  return dot > 0 ? lastSegment.slice(dot + 1).toLowerCase() : ''
}

/** Spec section 3: `file_type` is a MIME type inferred from the URL extension. */
export function mimeFromName(nameOrUrl: string): string {
  const extension = extensionOf(nameOrUrl)
  // `Object.hasOwn`, so names such as `a.constructor` never reach inherited members.
  return Object.hasOwn(MIME_BY_EXTENSION, extension)
    ? (MIME_BY_EXTENSION[extension] ?? UNKNOWN_MIME)
    : UNKNOWN_MIME
}

/** The stored categories the spec derives from a MIME type (section 9). */
export type AutoCategory = 'Images' | 'Video' | 'Audio' | 'Documents' | 'Files'

export function isPdf(mime: string): boolean {
  return mime === 'application/pdf'
}

export function isOffice(mime: string): boolean {
  return OFFICE_MIMES.has(mime)
}

export function isArchive(mime: string): boolean {
  return ARCHIVE_MIMES.has(mime)
}

export function isText(mime: string): boolean {
  return mime.startsWith('text/') || mime === 'application/json' || mime === 'application/rtf'
}

/** Spec section 9: Images, Video, Audio, Documents (pdf, text, document), otherwise Files. */
export function categoryFromMime(mime: string): AutoCategory {
  if (mime.startsWith('image/')) return 'Images'
  if (mime.startsWith('video/')) return 'Video'
  if (mime.startsWith('audio/')) return 'Audio'
  if (isPdf(mime) || isText(mime) || isOffice(mime)) return 'Documents'
  return 'Files'
}

export type FileTypeName = 'image' | 'video' | 'audio' | 'document' | 'file'

/** Spec section 9: the file type names. */
export function typeNameFromMime(mime: string): FileTypeName {
  const typeNames: Record<AutoCategory, FileTypeName> = {
    Images: 'image',
    Video: 'video',
    Audio: 'audio',
    Documents: 'document',
    Files: 'file',
  }
  return typeNames[categoryFromMime(mime)]
}

/** A syntactically valid MIME type (`type/subtype`, RFC 6838 characters), without parameters. */
export const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i

/** What a person reads for each MIME type of the map above (and a few synonyms browsers send). */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'image/avif': 'AVIF image',
  'image/svg+xml': 'SVG image',
  'image/bmp': 'BMP image',
  'image/x-icon': 'ICO image',
  'image/vnd.microsoft.icon': 'ICO image',
  'image/tiff': 'TIFF image',
  'image/heic': 'HEIC image',
  'video/mp4': 'MP4 video',
  'video/webm': 'WebM video',
  'video/quicktime': 'QuickTime video (.mov)',
  'video/x-msvideo': 'AVI video',
  'video/x-matroska': 'MKV video',
  'video/ogg': 'Ogg video',
  'audio/mpeg': 'MP3 audio',
  'audio/mp3': 'MP3 audio',
  'audio/wav': 'WAV audio',
  'audio/x-wav': 'WAV audio',
  'audio/wave': 'WAV audio',
  'audio/ogg': 'Ogg audio',
  'audio/mp4': 'M4A audio',
  'audio/x-m4a': 'M4A audio',
  'audio/aac': 'AAC audio',
  'audio/flac': 'FLAC audio',
  'application/pdf': 'PDF document',
  'text/plain': 'Plain text',
  'text/markdown': 'Markdown',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'application/rtf': 'Rich text (.rtf)',
  'application/msword': 'Word document (.doc)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document (.docx)',
  'application/vnd.ms-excel': 'Excel spreadsheet (.xls)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet (.xlsx)',
  'application/vnd.ms-powerpoint': 'PowerPoint presentation (.ppt)',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    'PowerPoint presentation (.pptx)',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text (.odt)',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet (.ods)',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation (.odp)',
  'application/zip': 'ZIP archive',
  'application/x-zip-compressed': 'ZIP archive',
  'application/vnd.rar': 'RAR archive',
  'application/x-7z-compressed': '7-Zip archive',
  'application/x-tar': 'TAR archive',
  'application/gzip': 'GZIP archive',
  [UNKNOWN_MIME]: 'File',
}

/** Longer subtypes are vendor names ('vnd.apple.keynote') no person reads as a format. */
const READABLE_SUBTYPE = /^[a-z0-9][a-z0-9-]{0,9}$/

/**
 * The type a person reads: 'JPEG image', 'Word document (.docx)', 'ZIP archive'. A MIME type outside the
 * map reads as its subtype, upper-cased, with the kind for media ('AIFF audio') and 'file' otherwise
 * ('PSD file'); one whose subtype is not a short name reads as 'File' (or 'Image', 'Video', 'Audio').
 */
export function fileTypeLabel(mime: string): string {
  const essence = (mime.split(';', 1)[0] ?? '').trim().toLowerCase()
  if (Object.hasOwn(TYPE_LABELS, essence)) return TYPE_LABELS[essence] ?? 'File'
  const [kind = '', subtype = ''] = essence.split('/', 2)
  const noun = kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'file'
  const name = (subtype.split('+', 1)[0] ?? '').replace(/^x-/, '')
  if (!READABLE_SUBTYPE.test(name)) return noun.charAt(0).toUpperCase() + noun.slice(1)
  return `${name.toUpperCase()} ${noun}`
}
