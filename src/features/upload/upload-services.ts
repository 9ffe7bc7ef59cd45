import { createRecord } from './api/create-record'
import { readEmbeddedDetails } from './embedded-details'
import { hashFileInBrowser } from './hashing/hash-file'
import { mediaHostFromEnv } from './hosts/media-host-from-env'
import { inspectInBrowser } from './thumbnails/inspect-file'
import type { UploadServices } from './upload-one'

let services: UploadServices | undefined

/** The browser's services: the configured media host, the hash worker, pdf.js and `<video>`, exifr. */
export function browserUploadServices(): UploadServices {
  services ??= {
    host: mediaHostFromEnv(import.meta.env),
    hashFile: hashFileInBrowser,
    inspectFile: inspectInBrowser,
    createRecord,
    readEmbeddedDetails,
  }
  return services
}
