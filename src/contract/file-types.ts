/**
 * What a file is, from its name or URL: the extension-to-MIME map of spec section 9, the automatic
 * category and the type name. Shared by the screen (icons, previews, filters) and the functions
 * (a record's `file_type` when the client sends none).
 */

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
