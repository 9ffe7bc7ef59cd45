import {
  File,
  FileArchive,
  FileImage,
  FileMusic,
  FilePlay,
  FileSpreadsheet,
  FileText,
  Presentation,
} from 'lucide-react'

import { isArchive, isOffice, isPdf, isText } from '../../../contract/file-types'

type IconKind = 'image' | 'video' | 'audio' | 'archive' | 'sheet' | 'slides' | 'document' | 'other'

export function iconKind(mime: string): IconKind {
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('video/')) return 'video'
  if (mime.startsWith('audio/')) return 'audio'
  if (isArchive(mime)) return 'archive'
  if (mime.includes('spreadsheet') || mime.includes('excel')) return 'sheet'
  if (mime.includes('presentation') || mime.includes('powerpoint')) return 'slides'
  if (isPdf(mime) || isText(mime) || isOffice(mime)) return 'document'
  return 'other'
}

/** Spec section 9: audio, office, text, archive and other files are shown by placeholder icons. */
export function FileIcon({ mime, size = 16 }: { mime: string; size?: number }) {
  const props = { size, 'aria-hidden': true, className: 'file-icon', 'data-kind': iconKind(mime) }
  switch (iconKind(mime)) {
    case 'image':
      return <FileImage {...props} />
    case 'video':
      return <FilePlay {...props} />
    case 'audio':
      return <FileMusic {...props} />
    case 'archive':
      return <FileArchive {...props} />
    case 'sheet':
      return <FileSpreadsheet {...props} />
    case 'slides':
      return <Presentation {...props} />
    case 'document':
      return <FileText {...props} />
    case 'other':
      return <File {...props} />
  }
}
