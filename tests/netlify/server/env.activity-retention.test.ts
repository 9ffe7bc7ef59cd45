import { describe, expect, it } from 'vitest'

import { activityRetentionDays } from '../../../netlify/server/env'

describe('ACTIVITY_RETENTION_DAYS', () => {
  it('keeps a year unless set, and takes whole days from 1 to 3,650', () => {
    expect(activityRetentionDays({})).toBe(365)
    expect(activityRetentionDays({ ACTIVITY_RETENTION_DAYS: '' })).toBe(365)
    expect(activityRetentionDays({ ACTIVITY_RETENTION_DAYS: '30' })).toBe(30)
    for (const refused of ['0', '3651', '1.5', 'soon'])
      expect(() => activityRetentionDays({ ACTIVITY_RETENTION_DAYS: refused })).toThrow()
  })
})
