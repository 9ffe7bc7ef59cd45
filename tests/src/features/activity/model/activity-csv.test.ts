import { describe, expect, it } from 'vitest'

import { activityCsv } from '../../../../../src/features/activity/model/activity-csv'

describe('activityCsv', () => {
  it('writes a header and a row per event, quoting and setting off formulas', () => {
    const csv = activityCsv([
      {
        id: '8234567890123-abcdefgh',
        at: '2026-05-01T09:30:00.000Z',
        actor: { type: 'person', id: 'p_1', name: '=HYPERLINK("x")' },
        action: 'file.updated',
        file_ids: [4, 5],
        detail: { changes: { title: { before: 'a', after: 'b "c"' } } },
      },
    ])
    const [header, row, end] = csv.split('\r\n')
    expect(header).toBe('"Time","Actor","Actor type","Actor id","Action","Files","Detail"')
    expect(row).toBe(
      '"2026-05-01T09:30:00.000Z","\'=HYPERLINK(""x"")","person","p_1","Edited","4 5",' +
        '"{""changes"":{""title"":{""before"":""a"",""after"":""b \\""c\\""""}}}"',
    )
    expect(end).toBe('')
  })
})
