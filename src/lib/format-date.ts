const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const DATE_TIME_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A record's date for a card or row; an unreadable date shows as a dash rather than 'Invalid Date'. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? '—' : DATE_FORMAT.format(time)
}

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? '—' : DATE_TIME_FORMAT.format(time)
}
