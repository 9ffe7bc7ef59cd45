import { isPdf } from '../../../contract/file-types'
import type { MeasuredMetadata } from '../hosts/media-host'
import { renderPdfThumbnail } from './pdf-thumbnail'
import { readAudioDuration, readVideo } from './video-frame'

export interface Inspection {
  measured: Omit<MeasuredMetadata, 'sha256'>
  /** A rendered thumbnail to store beside the file: a PDF's first page or a video frame. */
  thumbnail: Blob | null
}

/**
 * What the page can learn about a file before it is sent: dimensions, duration, and a rendered
 * thumbnail where the Image CDN cannot make one. Never fails: an unreadable file just has fewer facts.
 */
export type InspectFile = (file: File, mime: string, signal?: AbortSignal) => Promise<Inspection>

async function imageSize(file: Blob): Promise<Omit<MeasuredMetadata, 'sha256'>> {
  const bitmap = await createImageBitmap(file)
  try {
    return { width: bitmap.width, height: bitmap.height }
  } finally {
    bitmap.close()
  }
}

export const inspectInBrowser: InspectFile = async (file, mime, signal) => {
  const nothing: Inspection = { measured: {}, thumbnail: null }
  try {
    if (mime.startsWith('image/')) return { measured: await imageSize(file), thumbnail: null }
    if (mime.startsWith('video/')) {
      const { width, height, duration, frame } = await readVideo(file, signal)
      return { measured: { width, height, duration }, thumbnail: frame }
    }
    if (mime.startsWith('audio/'))
      return { measured: { duration: await readAudioDuration(file, signal) }, thumbnail: null }
    if (isPdf(mime)) return { measured: {}, thumbnail: await renderPdfThumbnail(file) }
  } catch (error) {
    // A file the browser cannot decode still uploads; it only goes without these facts.
    console.warn(`Could not inspect ${file.name}:`, error)
  }
  return nothing
}
