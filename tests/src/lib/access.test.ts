import { afterEach, describe, expect, it } from 'vitest'

import {
  currentAccess,
  may,
  mayCall,
  reportAccessGranted,
  reportGate,
  reportGateOf,
  resetAccessState,
} from '../../../src/lib/access'

afterEach(resetAccessState)

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
