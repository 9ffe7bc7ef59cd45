import { describe, expect, it } from 'vitest'

import { SCREEN_KEYS } from '../../../src/lib/shortcuts'

function key(init: Partial<KeyboardEvent> & { key: string }): KeyboardEvent {
  return { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init } as KeyboardEvent
}

describe('the screen-wide keys', () => {
  it('tests keys without modifiers, except Ctrl or Cmd for select all and undo', () => {
    expect(SCREEN_KEYS.focusSearch.test(key({ key: '/' }))).toBe(true)
    expect(SCREEN_KEYS.focusSearch.test(key({ key: '/', ctrlKey: true }))).toBe(false)
    expect(SCREEN_KEYS.showShortcuts.test(key({ key: '?', shiftKey: true }))).toBe(true)
    expect(SCREEN_KEYS.rename.test(key({ key: 'F2' }))).toBe(true)
    expect(SCREEN_KEYS.rename.test(key({ key: 'F2', altKey: true }))).toBe(false)
    expect(SCREEN_KEYS.delete.test(key({ key: 'Delete' }))).toBe(true)
    expect(SCREEN_KEYS.delete.test(key({ key: 'Delete', metaKey: true }))).toBe(false)
    expect(SCREEN_KEYS.selectAll.test(key({ key: 'a', ctrlKey: true }))).toBe(true)
    expect(SCREEN_KEYS.selectAll.test(key({ key: 'A', metaKey: true }))).toBe(true)
    expect(SCREEN_KEYS.selectAll.test(key({ key: 'a' }))).toBe(false)
    expect(SCREEN_KEYS.clearSelection.test(key({ key: 'Escape' }))).toBe(true)
    expect(SCREEN_KEYS.undo.test(key({ key: 'z', ctrlKey: true }))).toBe(true)
    expect(SCREEN_KEYS.undo.test(key({ key: 'z', metaKey: true }))).toBe(true)
    expect(SCREEN_KEYS.undo.test(key({ key: 'z' }))).toBe(false)
    // Shift+Ctrl+Z is redo elsewhere: not undo here.
    expect(SCREEN_KEYS.undo.test(key({ key: 'Z', ctrlKey: true, shiftKey: true }))).toBe(false)
  })
})
