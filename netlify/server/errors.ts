/**
 * What can go wrong in a request, as types; `http/error-statuses.ts` maps each to its status once.
 * Storage failures are in `storage/document-store.ts`.
 */

/** The request is malformed or breaks a rule (400). */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError'
}

/** The body is larger than the endpoint reads (413). */
export class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError'
}

/** The body is not JSON (415). */
export class UnsupportedMediaTypeError extends Error {
  override name = 'UnsupportedMediaTypeError'
}

/** The caller's role, or its token's scope, does not allow the call (403). */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError'
}

/** The file, folder or route does not exist (404). */
export class NotFoundError extends Error {
  override name = 'NotFoundError'
}

/** The request's condition (`If-Match`) no longer holds for what is stored (412). */
export class PreconditionFailedError extends Error {
  override name = 'PreconditionFailedError'
}

/** The request contradicts what is stored, such as a duplicate folder name (409). */
export class ConflictError extends Error {
  override name = 'ConflictError'
}

/** What the request names existed once and was deleted for good; it will not come back (410). */
export class GoneError extends Error {
  override name = 'GoneError'
}

/** The caller has used up a budget for now (429); `retryAfterSeconds` says when it will have enough again. */
export class TooManyRequestsError extends Error {
  override name = 'TooManyRequestsError'
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
  }
}

export const fileNotFound = (id: number) => new NotFoundError(`File ${String(id)} not found`)
export const folderNotFound = (idOrPath: number | string) =>
  new NotFoundError(`Folder ${String(idOrPath)} not found`)
