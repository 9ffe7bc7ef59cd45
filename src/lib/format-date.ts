// Each formatter is made on first use, not as the module runs: making an Intl object loads its locale's
// data, 5-10 ms apiece, which as module code lengthened the script's first task (decision 0061).
let dateFormat: Intl.DateTimeFormat | undefined
const dateTimeFormats = new Map<'minute' | 'second', Intl.DateTimeFormat>()

/** A record's date for a card or row; an unreadable date shows as a dash rather than 'Invalid Date'. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return '—'
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
  return dateFormat.format(time)
}

/**
 * A moment, in the visitor's own words for dates: to the minute, or to the second where two of a log's
 * lines may fall in one minute (a webhook's deliveries).
 */
export function formatDateTime(iso: string, precision: 'minute' | 'second' = 'minute'): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return '—'
  let format = dateTimeFormats.get(precision)
  if (format === undefined) {
    const timeStyle = precision === 'minute' ? 'short' : 'medium'
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle })
    dateTimeFormats.set(precision, format)
  }
  return format.format(time)
}

/**
 * Makes the cards' date format ahead of the first cards, in a task of its own while the first page is
 * on its way, so that their render does not make it.
 */
export function prepareDateFormat(): void {
  formatDate(new Date(0).toISOString())
}
