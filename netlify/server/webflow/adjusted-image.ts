import { deliversWithSettings, type ImageSettings } from '../../../src/contract/image-settings'
import type { MediaRecord } from '../../../src/contract/record'

/** Whether the record's image is mirrored as delivered: cropped or turned, and deliverable. */
export function isAdjusted(record: MediaRecord): boolean {
  return Boolean(record.crop ?? record.rotate) && deliversWithSettings(record)
}

export function settingsOf(record: MediaRecord): ImageSettings {
  return { focal_point: record.focal_point, crop: record.crop, rotate: record.rotate }
}
