import { act, render, screen } from '@testing-library/react'
import useSWR, { SWRConfig } from 'swr'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod'

import { CONNECTION_WORDS, ConnectionStatus } from '../../../../src/components/ui/connection-status'
import { apiRequest } from '../../../../src/lib/api-client'
import { PROBE_DELAYS_MS, resetConnectivity, SLOW_ANSWER_MS } from '../../../../src/lib/connectivity'

/** The server as the page's fetch meets it: answering, not there at all, or taking calls and never answering. */
let serverUp = true
let serverHung = false
const fetchMock = vi.fn((path: string) => {
  if (serverHung && path !== '/api/access') return new Promise<Response>(() => undefined)
  if (!serverUp) return Promise.reject(new TypeError('Failed to fetch'))
  return Promise.resolve(Response.json(path === '/api/access' ? { required: false } : { value: path }))
})

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

/** One SWR value on the screen, to see it fetched again when the server is back. */
function Value() {
  const { data } = useSWR('/api/value', (key: string) => apiRequest(key, { schema: z.unknown() }))
  return <span>{data === undefined ? 'no value' : 'value shown'}</span>
}

function renderStatus(onBack = vi.fn()) {
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <ConnectionStatus onBack={onBack} />
      <Value />
    </SWRConfig>,
  )
  return { onBack, container: view.container }
}

const callFailing = () => apiRequest('/api/media', { schema: z.unknown() }).catch(() => undefined)

beforeEach(() => {
  serverUp = true
  serverHung = false
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setBrowserOnline(true)
  resetConnectivity()
})

describe('ConnectionStatus', () => {
  it('says the server cannot be reached when a call stays unanswered, and goes away once the probe answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderStatus()
    await screen.findByText('value shown')
    serverHung = true
    void apiRequest('/api/media', { schema: z.unknown() })
    await act(() => vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS - 1_000))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(screen.getByRole('status')).toHaveTextContent(CONNECTION_WORDS.unreachable)
    // The probe itself is answered: the server is there, only that call is slow.
    await act(() => vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says nothing while the server answers, in a polite live region that is always there', async () => {
    const { container } = renderStatus()
    expect(await screen.findByText('value shown')).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(container.querySelector('.connection-status')).toHaveAttribute('aria-live', 'polite')
  })

  it('says the server cannot be reached when a call gets no answer, probes until it answers, then goes away and refetches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { onBack } = renderStatus()
    await screen.findByText('value shown')
    serverUp = false
    await act(callFailing)
    expect(screen.getByRole('status')).toHaveTextContent("Can't reach the server. Retrying…")

    // The first probe finds the server still away; the line stays.
    await act(() => vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]))
    expect(fetchMock).toHaveBeenLastCalledWith('/api/access', expect.anything())
    expect(screen.getByRole('status')).toHaveTextContent(CONNECTION_WORDS.unreachable)

    serverUp = true
    fetchMock.mockClear()
    await act(() => vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1]))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(onBack).toHaveBeenCalledTimes(1)
    // SWR's keys are fetched anew.
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/value')
  })

  it('takes a gateway 502 without the server’s own error for an unreachable server, and a 503 with one for an answer', async () => {
    renderStatus()
    await screen.findByText('value shown')
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }))
    await act(callFailing)
    expect(screen.getByRole('status')).toHaveTextContent(CONNECTION_WORDS.unreachable)
    resetConnectivity()
    await act(async () => {
      await Promise.resolve()
    })
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Storage is busy' }, { status: 503 }))
    await act(callFailing)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says the browser is offline, and goes away once it is back online and the server answers', async () => {
    const { onBack } = renderStatus()
    await screen.findByText('value shown')
    act(() => {
      setBrowserOnline(false)
    })
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline. Changes will be sent when you're back online.",
    )
    act(() => {
      setBrowserOnline(true)
    })
    await vi.waitFor(() => {
      expect(screen.queryByRole('status')).not.toBeInTheDocument()
    })
    expect(onBack).toHaveBeenCalledTimes(1)
  })
})
