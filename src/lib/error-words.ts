/**
 * The words for failures the user did not cause and the server did not explain: each says what
 * happened and what to do. Library texts ("Failed to fetch", "[object ProgressEvent]", "Unexpected
 * token < in JSON") are never shown; `describeFailure` in api-errors.ts picks among these.
 */
export const ERROR_WORDS = {
  offline: "You're offline. Check your connection and try again.",
  unreachable: 'The server could not be reached. Check your connection and try again.',
  unreadable: 'The server sent an answer this page could not read. Try again in a moment.',
  pageCode: 'This part of the page could not load. Check your connection and try again.',
} as const
