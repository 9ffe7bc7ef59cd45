/** What a record holds where it was given nothing (spec section 3); without zod, for the screen's first route. */
export const RECORD_DEFAULTS = {
  title: 'Untitled',
  category: 'Files',
  author: 'Unknown',
} as const
