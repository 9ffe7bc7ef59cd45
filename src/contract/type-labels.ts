/**
 * The name a person reads for a file's type ('JPEG image', 'Word document (.docx)'). Apart from
 * file-types.ts, whose rest the first screen draws with: the screen loads these names once it has painted
 * (`useTypeLabel`), for the type filter, Details and Replace file.
 */
import { UNKNOWN_MIME } from './file-types'

/** What a person reads for each MIME type of spec section 9's map (and a few synonyms browsers send). */
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
