import { describe, expect, it } from 'vitest'

import { formatDate, formatDateTime, prepareDateFormat } from '../../../src/lib/format-date'

describe('formatDate', () => {
  it('writes a date as the locale writes it, the same before and after the format is prepared', () => {
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
      Date.parse('2026-03-14T09:26:53Z'),
    )
    expect(formatDate('2026-03-14T09:26:53Z')).toBe(expected)
    prepareDateFormat()
    expect(formatDate('2026-03-14T09:26:53Z')).toBe(expected)
  })

  it('shows an unreadable date as a dash', () => {
    expect(formatDate('not a date')).toBe('—')
    expect(formatDateTime('')).toBe('—')
  })

  it('gives the time as well in formatDateTime', () => {
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      Date.parse('2026-03-14T09:26:53Z'),
    )
    expect(formatDateTime('2026-03-14T09:26:53Z')).toBe(expected)
  })

  it('gives the seconds too when asked to the second', () => {
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
      Date.parse('2026-03-14T09:26:53Z'),
    )
    expect(formatDateTime('2026-03-14T09:26:53Z', 'second')).toBe(expected)
    expect(formatDateTime('2026-03-14T09:26:53Z', 'second')).not.toBe(formatDateTime('2026-03-14T09:26:53Z'))
  })
})
