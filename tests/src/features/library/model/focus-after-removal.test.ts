import { describe, expect, it } from 'vitest'

import { fileAfterRemoval, focusRequest } from '../../../../../src/features/library/model/focus-after-removal'

describe('the file focused after a delete', () => {
  const shown = [1, 2, 3, 4, 5]

  it('is the file that takes the first removed one’s place', () => {
    expect(fileAfterRemoval(shown, new Set([2]))).toBe(3)
    expect(fileAfterRemoval(shown, new Set([4, 2, 3]))).toBe(5)
    expect(fileAfterRemoval(shown, new Set([2, 4]))).toBe(3)
  })

  it('is the one before when the removed files ran to the end', () => {
    expect(fileAfterRemoval(shown, new Set([5]))).toBe(4)
    expect(fileAfterRemoval(shown, new Set([3, 4, 5]))).toBe(2)
  })

  it('is none when nothing is left, and undecided when no removed file was shown', () => {
    expect(fileAfterRemoval(shown, new Set(shown))).toBeNull()
    expect(fileAfterRemoval(shown, new Set([9]))).toBeUndefined()
    expect(fileAfterRemoval([], new Set([1]))).toBeUndefined()
  })

  it('is asked for once: a request is taken the first time only', () => {
    const request = focusRequest(3)
    expect(request.take()).toBe(true)
    expect(request.take()).toBe(false)
  })
})
