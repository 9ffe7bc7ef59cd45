import { beforeEach, describe, expect, it } from 'vitest'

import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import {
  createEndpoint,
  DISABLED_REASON,
  findEndpoint,
  readEndpoints,
  recordEndpointResult,
  updateEndpoint,
} from '../../../../netlify/server/webhooks/webhook-endpoints'

const T0 = new Date('2026-12-06T10:00:00.000Z')
const later = (hours: number) => new Date(T0.getTime() + hours * 3_600_000)

let store: MemoryDocumentStore
let id: string

beforeEach(async () => {
  store = new MemoryDocumentStore()
  id = (await createEndpoint(store, { url: 'https://hooks.example.com/in', events: ['file.created'] }, T0)).id
})

describe('an endpoint', () => {
  it('keeps its secret whole in storage but shows only its first characters afterwards', async () => {
    const stored = await findEndpoint(store, id)
    expect(stored.secret).toMatch(/^whsec_/)
    const [listed] = (await readEndpoints(store)).map(({ secret }) => secret)
    expect(listed).toBe(stored.secret)
    const updated = await updateEndpoint(store, id, { description: 'Orders' }, later(1))
    expect(updated).not.toHaveProperty('secret')
    expect(updated.secret_prefix).toBe(`${stored.secret.slice(0, 10)}…`)
  })

  it('is turned off after failing, without a success, for 24 hours', async () => {
    await recordEndpointResult(store, id, false, T0)
    await recordEndpointResult(store, id, false, later(23.9))
    expect(await findEndpoint(store, id)).toMatchObject({ enabled: true, failing_since: T0.toISOString() })
    await recordEndpointResult(store, id, false, later(24))
    expect(await findEndpoint(store, id)).toMatchObject({ enabled: false, disabled_reason: DISABLED_REASON })
  })

  it('starts its day afresh after one success', async () => {
    await recordEndpointResult(store, id, false, T0)
    await recordEndpointResult(store, id, true, later(12))
    await recordEndpointResult(store, id, false, later(13))
    await recordEndpointResult(store, id, false, later(30))
    expect(await findEndpoint(store, id)).toMatchObject({
      enabled: true,
      failing_since: later(13).toISOString(),
    })
  })

  it('turned back on forgets its failures', async () => {
    await recordEndpointResult(store, id, false, T0)
    await recordEndpointResult(store, id, false, later(25))
    const enabled = await updateEndpoint(store, id, { enabled: true }, later(26))
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null })
  })

  it('refuses an address that could reach inside the network, or is not https', async () => {
    const refused = (url: string) => createEndpoint(store, { url, events: ['file.created'] })
    await expect(refused('https://10.0.0.8/hooks')).rejects.toThrow(
      'That address is inside a private network, so it cannot receive webhooks.',
    )
    await expect(refused('https://localhost/hooks')).rejects.toThrow('points at this server itself')
    await expect(refused('https://169.254.169.254/latest')).rejects.toThrow('link-local')
    await expect(refused('http://hooks.example.com/in')).rejects.toThrow(
      'That address starts with http://, which is not encrypted, so it cannot receive webhooks.',
    )
    await expect(updateEndpoint(store, id, { url: 'https://[::1]/x' })).rejects.toThrow(
      'points at this server',
    )
  })
})
