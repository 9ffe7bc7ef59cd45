import { describe, expect, it } from 'vitest'

import { daysLeft, purgeTime } from '../../../../../src/features/trash/model/days-left'

const DAY = 86_400_000
const DELETED = '2026-03-01T12:00:00.000Z'
const deletedAt = Date.parse(DELETED)
const after = (days: number) => deletedAt + days * DAY

describe("a trashed file's days left", () => {
  it('counts whole days to the purge, rounded down, and says less than a day at the end', () => {
    expect(daysLeft(DELETED, 30, after(0))).toBe('30 days left')
    expect(daysLeft(DELETED, 30, after(0.001))).toBe('29 days left')
    expect(daysLeft(DELETED, 30, after(18))).toBe('12 days left')
    expect(daysLeft(DELETED, 30, after(28.5))).toBe('1 day left')
    expect(daysLeft(DELETED, 30, after(29.01))).toBe('less than a day left')
    // Past its time, the file waits for the next daily run.
    expect(daysLeft(DELETED, 30, after(31))).toBe('less than a day left')
  })

  it('takes fractional days and 0, which the next daily run purges', () => {
    expect(daysLeft(DELETED, 2.5, after(0))).toBe('2 days left')
    expect(daysLeft(DELETED, 0.5, after(0))).toBe('less than a day left')
    expect(daysLeft(DELETED, 0, after(0))).toBe('less than a day left')
    expect(purgeTime(DELETED, 1.5)).toBe(after(1.5))
  })

  it('shows a dash for a deletion time that does not read', () => {
    expect(daysLeft('not a date', 30, after(0))).toBe('—')
    expect(purgeTime('not a date', 30)).toBeNull()
  })
})
