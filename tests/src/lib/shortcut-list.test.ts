import { describe, expect, it } from 'vitest'

import { SHORTCUT_LIST } from '../../../src/lib/shortcut-list'
import { SCREEN_KEYS } from '../../../src/lib/shortcuts'

describe('the shortcuts table', () => {
  it('lists every key the screen handles, so the dialog cannot miss one', () => {
    const listed = SHORTCUT_LIST.flatMap((group) => group.shortcuts)
    for (const shortcut of Object.values(SCREEN_KEYS)) expect(listed).toContain(shortcut)
  })

  it('names each shortcut once per group', () => {
    for (const { shortcuts } of SHORTCUT_LIST) {
      const labels = shortcuts.map((shortcut) => shortcut.label)
      expect(new Set(labels).size).toBe(labels.length)
    }
  })
})
