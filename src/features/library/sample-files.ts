import type { FileId } from '../../contract/ids'
import type { MediaRecord } from '../../contract/record'

const base = {
  description: 'Sample file shown while the library cannot be loaded',
  thumbnail: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  tags: ['sample'],
  notes: '',
  alt_text: '',
  station: '',
  author: 'Media File Manager',
  folder_path: '/',
  public_id: null,
  resource_type: null,
  format: null,
  width: null,
  height: null,
  duration: null,
  sha256: null,
}

/**
 * Spec section 3: three demo files (an image, a video and a pdf), substituted when loading fails. Shown
 * as listed, in the default sort's order (title): no filter or sort runs on the page (decision 0078).
 */
export const SAMPLE_FILES: readonly MediaRecord[] = [
  {
    ...base,
    id: -3 as FileId,
    title: 'Sample document',
    category: 'Documents',
    file_type: 'application/pdf',
    media_url: '/samples/report.pdf',
    file_size: 22_336,
  },
  {
    ...base,
    id: -1 as FileId,
    title: 'Sample image',
    category: 'Images',
    file_type: 'image/jpeg',
    media_url: '/samples/landscape.jpg',
    file_size: 18_245,
  },
  {
    ...base,
    id: -2 as FileId,
    title: 'Sample video',
    category: 'Video',
    file_type: 'video/webm',
    media_url: '/samples/clip.webm',
    file_size: 48_247,
  },
]
