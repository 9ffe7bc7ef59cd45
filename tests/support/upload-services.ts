import { createRecord } from '../../src/features/upload/api/create-record'
import { readEmbeddedDetails } from '../../src/features/upload/embedded-details'
import type { HashFile } from '../../src/features/upload/hashing/hash-file'
import { createBuiltinHost } from '../../src/features/upload/hosts/builtin-host'
import type { MediaHost } from '../../src/features/upload/hosts/media-host'
import type { Inspection, InspectFile } from '../../src/features/upload/thumbnails/inspect-file'
import type { UploadServices } from '../../src/features/upload/upload-one'
import { fingerprintBlob } from '../../src/workers/hash-blob'

/** The worker's own fingerprint code, run on the page: jsdom has no Worker. */
export const hashOnPage: HashFile = async (file, { onProgress } = {}) =>
  fingerprintBlob(file, (bytes) => onProgress?.(file.size === 0 ? 1 : bytes / file.size))

/** A small JPEG stand-in: jsdom cannot decode PDFs or video, so the rendered thumbnail is given. */
export const THUMBNAIL_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9])

/** Dimensions a browser would have read, and a thumbnail for PDFs and videos. */
export const fakeInspect: InspectFile = (_file, mime) => {
  const inspection: Inspection = { measured: {}, thumbnail: null }
  if (mime.startsWith('image/')) inspection.measured = { width: 640, height: 480 }
  if (mime.startsWith('video/') || mime === 'application/pdf') {
    inspection.thumbnail = new Blob([THUMBNAIL_BYTES], { type: 'image/jpeg' })
  }
  if (mime.startsWith('video/')) inspection.measured = { width: 1280, height: 720, duration: 12.5 }
  return Promise.resolve(inspection)
}

/**
 * Test hosts give up at once instead of waiting seconds between retries, or minutes for a server that
 * does not answer; a test of that wait gives its own `serverWaitMs`.
 */
export function testBuiltinHost(retryDelays: number[] = [], serverWaitMs = 0): MediaHost {
  return createBuiltinHost({ retryDelays, serverWaitMs })
}

export function testServices(overrides: Partial<UploadServices> = {}): UploadServices {
  return {
    host: testBuiltinHost(),
    hashFile: hashOnPage,
    inspectFile: fakeInspect,
    createRecord,
    readEmbeddedDetails,
    ...overrides,
  }
}

/** The first bytes of each type the tests use, so the server's sniffing agrees with the name. */
const SIGNATURES: Record<string, number[]> = {
  mp4: [0, 0, 0, 0x18, ...Array.from('ftypisom', (char) => char.charCodeAt(0))],
  pdf: Array.from('%PDF-1.7\n', (char) => char.charCodeAt(0)),
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  zip: [0x50, 0x4b, 0x03, 0x04],
}

/**
 * A File of `size` bytes whose content depends on `seed`, so different seeds hash differently; it starts
 * with its type's signature, and a .txt file is printable text.
 */
export function makeFile(name: string, size: number, type: string, seed = 1): File {
  const bytes = new Uint8Array(size)
  const text = name.endsWith('.txt')
  let state = seed >>> 0 || 1
  for (let index = 0; index < size; index++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0
    bytes[index] = text ? 97 + ((state >>> 24) % 26) : state >>> 24
  }
  bytes.set((SIGNATURES[name.slice(name.lastIndexOf('.') + 1)] ?? []).slice(0, size))
  return new File([bytes], name, { type, lastModified: 1_700_000_000_000 + seed })
}
