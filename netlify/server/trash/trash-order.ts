import type { MediaRecord } from '../../../src/contract/record'
import { InvalidInputError } from '../errors'

/**
 * The trash lists the most recently deleted first, ties broken by the higher id. A page's cursor is the
 * position of its last record in that order, `<deleted_at in ms>-<id>`, so a page stays correct while
 * records are trashed, restored or purged between pages.
 */
export interface TrashPosition {
  deletedAt: number
  id: number
}

export function positionOf(record: MediaRecord): TrashPosition {
  const deletedAt = Date.parse(record.deleted_at ?? '')
  return { deletedAt: Number.isNaN(deletedAt) ? 0 : deletedAt, id: record.id }
}

export function newestDeletionFirst(a: MediaRecord, b: MediaRecord): number {
  const [first, second] = [positionOf(a), positionOf(b)]
  return second.deletedAt - first.deletedAt || second.id - first.id
}

/** Whether `record` comes after `cursor` in the trash's order. */
export function isAfterCursor(record: MediaRecord, cursor: TrashPosition): boolean {
  const { deletedAt, id } = positionOf(record)
  return deletedAt < cursor.deletedAt || (deletedAt === cursor.deletedAt && id < cursor.id)
}

export function encodeTrashCursor(record: MediaRecord): string {
  const { deletedAt, id } = positionOf(record)
  return `${String(deletedAt)}-${String(id)}`
}

export function decodeTrashCursor(raw: string): TrashPosition {
  const match = /^(\d{1,16})-(\d{1,16})$/.exec(raw)
  const deletedAt = Number(match?.[1])
  const id = Number(match?.[2])
  if (!match || !Number.isSafeInteger(deletedAt) || !Number.isSafeInteger(id)) {
    throw new InvalidInputError('cursor must be the `next` value of a previous page')
  }
  return { deletedAt, id }
}
