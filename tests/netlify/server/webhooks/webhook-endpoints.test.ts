import { beforeEach, describe, expect, it } from 'vitest'

import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import {
  createEndpoint,
  DISABLED_REASON,
  ENDPOINTS_KEPT_MS,
  endpointsToAnnounce,
  findEndpoint,
  readEndpoints,
  recordEndpointResult,
  removeEndpoint,
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

describe('an address', () => {
  it('has one endpoint: another add for it, or a change of address to it, is refused', async () => {
    const again = createEndpoint(store, { url: 'https://hooks.example.com/in', events: ['file.deleted'] })
    await expect(again).rejects.toThrow(
      `A webhook already sends to https://hooks.example.com/in (${id}); change its events rather than adding another`,
    )
    // The address as it is kept: a host in capitals is the same host.
    await expect(
      createEndpoint(store, { url: 'https://HOOKS.example.com/in', events: ['file.created'] }),
    ).rejects.toThrow('A webhook already sends to')
    const other = await createEndpoint(store, {
      url: 'https://hooks.example.com/two',
      events: ['file.created'],
    })
    await expect(updateEndpoint(store, other.id, { url: 'https://hooks.example.com/in' })).rejects.toThrow(
      'A webhook already sends to',
    )
    // Its own address again is no change of address.
    expect(
      await updateEndpoint(store, id, { url: 'https://hooks.example.com/in', description: 'Same' }),
    ).toMatchObject({ description: 'Same' })
    expect((await readEndpoints(store)).map((endpoint) => endpoint.url)).toEqual([
      'https://hooks.example.com/in',
      'https://hooks.example.com/two',
    ])
  })
})

describe('the endpoints changes are announced to', () => {
  /** The store's reads of the endpoints list from now on. */
  function countListReads(): () => number {
    let reads = 0
    const read = store.read.bind(store)
    store.read = (key: string) => {
      if (key === 'webhooks/endpoints') reads += 1
      return read(key)
    }
    return () => reads
  }

  it('are read once for a burst of changes, at the same time or one after another', async () => {
    const reads = countListReads()
    const now = T0.getTime()
    const lists = await Promise.all(Array.from({ length: 20 }, () => endpointsToAnnounce(store, now)))
    for (let ms = 0; ms < ENDPOINTS_KEPT_MS; ms += 500) await endpointsToAnnounce(store, now + ms)
    expect(reads()).toBe(1)
    expect(lists.every((list) => list.length === 1 && list[0]?.id === id)).toBe(true)
  })

  it("follow this instance's own changes at once", async () => {
    const now = T0.getTime()
    await endpointsToAnnounce(store, now)
    const added = await createEndpoint(store, {
      url: 'https://hooks.example.com/two',
      events: ['file.deleted'],
    })
    expect((await endpointsToAnnounce(store, now)).map((endpoint) => endpoint.id)).toEqual([id, added.id])
    await updateEndpoint(store, added.id, { enabled: false })
    expect((await endpointsToAnnounce(store, now))[1]?.enabled).toBe(false)
    await removeEndpoint(store, added.id)
    expect((await endpointsToAnnounce(store, now)).map((endpoint) => endpoint.id)).toEqual([id])
  })

  it("follow another instance's changes within ENDPOINTS_KEPT_MS", async () => {
    const now = T0.getTime()
    await endpointsToAnnounce(store, now)
    // Another instance removes the endpoint: this one sees only the document change.
    const stored = await store.read('webhooks/endpoints')
    await store.write('webhooks/endpoints', { endpoints: [] }, { ifMatch: stored?.etag ?? '' })
    expect(await endpointsToAnnounce(store, now + ENDPOINTS_KEPT_MS - 1)).toHaveLength(1)
    expect(await endpointsToAnnounce(store, now + ENDPOINTS_KEPT_MS)).toEqual([])
  })

  it('read again after a read that failed', async () => {
    const read = store.read.bind(store)
    store.read = () => Promise.reject(new Error('Blobs storage is unavailable'))
    await expect(endpointsToAnnounce(store, T0.getTime())).rejects.toThrow('unavailable')
    store.read = read
    expect(await endpointsToAnnounce(store, T0.getTime())).toHaveLength(1)
  })
})
