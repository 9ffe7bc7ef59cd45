import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  currentAccess,
  may,
  mayCall,
  reportAccessAnswer,
  reportAccessGranted,
  reportGate,
  reportGateOf,
  resetAccessState,
  stopAskingForAccess,
} from '../../../src/lib/access'

afterEach(() => {
  vi.unstubAllGlobals()
  resetAccessState()
})

const person = (role: 'viewer' | 'editor' | 'admin') => ({
  type: 'person' as const,
  id: 'p1',
  name: 'Pat',
  role,
})

describe('what this browser may do', () => {
  it('may do everything while the gate is open or not yet known, as the screen always could', () => {
    expect(may('admin')).toBe(true)
    reportGate(false)
    expect(mayCall('trashPurge', 'POST')).toBe(true)
  })

  it('behind the gate, may only view until GET /api/access names the actor', () => {
    reportGateOf({ headers: new Headers({ 'Access-Gate': 'closed' }) })
    expect(may('viewer')).toBe(true)
    expect(may('editor')).toBe(false)
  })

  it("follows the actor's role through ROUTE_ACCESS, and a header's report keeps the actor known", () => {
    reportGate(true, person('editor'))
    expect(mayCall('upload', 'POST')).toBe(true)
    expect(mayCall('trashRestore', 'POST')).toBe(true)
    expect(mayCall('trashPurge', 'POST')).toBe(false)
    expect(mayCall('people', 'GET')).toBe(false)
    reportGateOf({ headers: new Headers({ 'Access-Gate': 'closed' }) })
    expect(currentAccess().actor?.role).toBe('editor')
    reportGate(true, person('viewer'))
    expect(mayCall('upload', 'POST')).toBe(false)
    expect(mayCall('media', 'GET')).toBe(true)
  })

  it('forgets the actor on a new sign-in, which may be someone else', () => {
    reportGate(true, person('admin'))
    reportAccessGranted()
    expect(currentAccess().actor).toBeNull()
    expect(may('admin')).toBe(false)
  })
})

describe('reportAccessAnswer, the one place an answer becomes the sign-in screen', () => {
  it("turns this site's 401 into the sign-in screen, asking once", () => {
    reportGate(true, person('admin'))
    reportAccessAnswer(401, '/api/media-pages?shards=0-0')
    expect(currentAccess()).toEqual({ gate: 'closed', signedOut: true, asking: true, actor: null })
    stopAskingForAccess()
    reportAccessAnswer(401)
    expect(currentAccess().asking).toBe(false)
  })

  it('leaves the sign-in alone for any other status', () => {
    for (const status of [0, 200, 304, 403, 404, 502]) reportAccessAnswer(status)
    expect(currentAccess()).toEqual({ gate: 'unknown', signedOut: false, asking: false, actor: null })
  })

  it('counts an address of this site as this site', () => {
    vi.stubGlobal('location', new URL('https://media.example/library'))
    reportAccessAnswer(401, 'https://media.example/api/uploads/abc')
    expect(currentAccess().signedOut).toBe(true)
  })

  it('leaves the sign-in alone when another host refuses (a file on Cloudinary)', () => {
    vi.stubGlobal('location', new URL('https://media.example/library'))
    reportAccessAnswer(401, 'https://res.cloudinary.com/demo/image/upload/a.jpg')
    expect(currentAccess().signedOut).toBe(false)
  })
})
