import { afterEach, describe, expect, it, vi } from 'vitest'

import { currentAccess, resetAccessState } from '../../../src/lib/access'
import { apiRequest, ApiError, reportAnswer } from '../../../src/lib/api-client'

afterEach(() => {
  vi.unstubAllGlobals()
  resetAccessState()
})

describe("the API client's answers and the sign-in screen", () => {
  it("a call refused with 401 turns the screen to the sign-in, and fails with the server's message", async () => {
    const fetchMock = vi.fn<typeof fetch>()
    vi.stubGlobal('fetch', fetchMock)
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Sign in to use the library' }, { status: 401 }))
    const refused = apiRequest('/api/folders', { schema: 'folderList' })
    await expect(refused).rejects.toEqual(new ApiError(401, 'Sign in to use the library'))
    expect(currentAccess()).toMatchObject({ signedOut: true, asking: true })
  })

  it("the listing's failure the worker passes on signs out the same way, and only a 401", () => {
    reportAnswer(403, true)
    expect(currentAccess().signedOut).toBe(false)
    reportAnswer(401, true)
    expect(currentAccess().signedOut).toBe(true)
  })
})
