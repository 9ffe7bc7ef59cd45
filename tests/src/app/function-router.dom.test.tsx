import { afterEach, describe, expect, it } from 'vitest'

import { replaceDocumentStore } from '../../../netlify/server/store'
import { MemoryDocumentStore } from '../../../netlify/server/storage/memory-store'
import { routeToFunction } from '../../support/function-router'

describe('routeToFunction', () => {
  afterEach(() => {
    replaceDocumentStore(undefined)
  })

  it('runs the real handlers in memory, ids taken from the path', async () => {
    replaceDocumentStore(new MemoryDocumentStore())
    const created = await routeToFunction(
      new Request('http://localhost/api/upload', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Cat', url: 'https://x.test/cat.jpg' }),
      }),
    )
    expect(created?.status).toBe(201)
    const updated = await routeToFunction(
      new Request('http://localhost/api/update/1', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Dog' }),
      }),
    )
    expect(await updated?.json()).toMatchObject({ success: true, record: { id: 1, title: 'Dog' } })
    expect(await routeToFunction(new Request('http://localhost/api/unknown'))).toBeNull()
  })
})
