import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { resetAccessState, useAccess } from '../../../src/lib/access'
import { fileRequest } from '../../../src/lib/api-client'

const fetchMock = vi.fn<typeof fetch>()

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  resetAccessState()
})

async function askingAfter(url: string, status: number): Promise<boolean> {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockResolvedValueOnce(new Response('', { status }))
  const access = renderHook(() => useAccess())
  await fileRequest(url)
  access.rerender()
  return access.result.current.asking
}

describe('fileRequest, the API client’s door for file bytes', () => {
  it('asks for a range of bytes with this site’s credentials', async () => {
    vi.stubGlobal('fetch', fetchMock)
    fetchMock.mockResolvedValueOnce(new Response('abc', { status: 206 }))
    const response = await fileRequest('/api/files/1/a.txt', { range: { start: 10, end: 20 } })
    expect(response.status).toBe(206)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/files/1/a.txt')
    expect(init).toMatchObject({ credentials: 'same-origin', headers: { Range: 'bytes=10-19' } })
  })

  it('asks for the access token when this site refuses the file', async () => {
    expect(await askingAfter('/api/files/1/a.txt', 401)).toBe(true)
  })

  it('leaves the sign-in alone when another host refuses its own file', async () => {
    expect(await askingAfter('https://res.cloudinary.com/demo/image/upload/a.jpg', 401)).toBe(false)
  })
})
