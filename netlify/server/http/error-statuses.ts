import {
  ConflictError,
  ForbiddenError,
  GoneError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  PreconditionFailedError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
} from '../errors'
import {
  CorruptDocumentError,
  StorageContentionError,
  StorageUnavailableError,
} from '../storage/document-store'
import { ChecksumMismatchError, OffsetMismatchError, UploadGoneError } from '../uploads/upload-errors'

type ErrorType = new (...args: never[]) => Error

/**
 * Every error type the server throws on purpose, and the status it answers with: the one map every
 * function uses (through `errorResponse` in respond.ts). Anything else is a 500. The tus errors are only
 * thrown on the uploads endpoint; their extra tus headers are added there.
 */
export const ERROR_STATUSES: readonly (readonly [ErrorType, number])[] = [
  [InvalidInputError, 400],
  // The role or the token's scope does not allow it (issue 45).
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  // Upload-Offset is not where the upload stands; uploads.mts adds the offset it stands at.
  [OffsetMismatchError, 409],
  // A create's Idempotency-Key whose file was deleted for good (purged from the trash).
  [GoneError, 410],
  [UploadGoneError, 410],
  // An update's If-Match names a version of the record that is no longer the stored one.
  [PreconditionFailedError, 412],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  // A per-caller budget, such as the image route's megapixels, is spent: `Retry-After` says when.
  [TooManyRequestsError, 429],
  // The tus checksum extension's own status.
  [ChecksumMismatchError, 460],
  // Storage unavailable or contended for now: the answer says when to retry (`Retry-After`).
  [StorageUnavailableError, 503],
  [StorageContentionError, 503],
  [CorruptDocumentError, 500],
]

export function statusOf(error: unknown): number {
  return ERROR_STATUSES.find(([type]) => error instanceof type)?.[1] ?? 500
}
