import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { copyText } from '../../../src/lib/clipboard'

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
}

/** Stands in for the document's copy command, which jsdom does not implement. */
function copyCommand(run: () => boolean) {
  Object.assign(document, { execCommand: vi.fn(run) })
}

// Each test starts with no Clipboard API (user-event, in other files, puts a stand-in there).
beforeEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard')
})
afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'clipboard')
})

describe('copyText', () => {
  it('uses the Clipboard API where it is allowed', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    clipboard(writeText)
    await copyText('https://example.test/a.png')
    expect(writeText).toHaveBeenCalledWith('https://example.test/a.png')
  })

  it('falls back to the copy command on a selected textarea, and gives the focus back', async () => {
    clipboard(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')))
    const copied: string[] = []
    copyCommand(() => {
      const area = document.activeElement
      copied.push(area instanceof HTMLTextAreaElement ? area.value : '')
      return true
    })
    const button = document.createElement('button')
    document.body.append(button)
    button.focus()
    await copyText('line one\nline two')
    expect(copied).toEqual(['line one\nline two'])
    expect(document.querySelector('textarea')).toBeNull()
    expect(button).toHaveFocus()
    button.remove()
  })

  it('rejects when both ways fail', async () => {
    copyCommand(() => false)
    await expect(copyText('x')).rejects.toThrow('The browser refused to copy')
  })
})
