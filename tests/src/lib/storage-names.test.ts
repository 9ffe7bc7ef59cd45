import { describe, expect, it } from 'vitest'

import { SHARD_IDS } from '../../../src/contract/media-pages'
import { KEPT_FIRST_ROWS } from '../../../src/lib/storage-names'

describe('the names the startup script shares', () => {
  it('has the page draw as many kept rows first as the server’s first page holds at most', () => {
    // The module imports nothing (the generator reads it as it is), so the number is written there.
    expect(KEPT_FIRST_ROWS).toBe(SHARD_IDS)
  })
})
