/**
 * Every bound the API enforces, shared by the screen and the functions so that the two never disagree.
 */
export const LIMITS = {
  /** Spec section 9: files per upload batch. */
  uploadBatchFiles: 10,
  /** Ids or updates in one batch call; keeps one call well inside the function time limit. */
  batchItems: 500,
  /** Largest JSON request body a function reads, in bytes. */
  jsonBodyBytes: 1_000_000,
  titleChars: 500,
  descriptionChars: 5_000,
  notesChars: 5_000,
  shortTextChars: 200,
  urlChars: 2_048,
  tagChars: 100,
  tagsPerRecord: 100,
  folderNameChars: 100,
  folderPathChars: 1_000,
  folders: 5_000,
  /** Largest file size a record may claim: Blobs' own object limit. */
  fileBytes: 5 * 1024 ** 3,
  /** `GET /api/media` page size when `limit` is absent, and its ceiling. */
  pageDefault: 2_000,
  pageMax: 5_000,
} as const
