import { describe, expect, it } from 'vitest'

import {
  leastRequirementFor,
  requirementFor,
  ROUTE_ACCESS,
  roleMeets,
  type AccessRequirement,
  type RouteAccess,
} from '../../../src/contract/route-access'
import { narrowerRole, ROLES, SCOPE_ROLES, type Role } from '../../../src/contract/roles'
import { API_ROUTES, type FunctionName, type RouteName } from '../../../src/contract/routes'

/** Whether `role` may call `method` on `fn`, as the gate decides it. */
function may(role: Role, fn: FunctionName, method: string): boolean {
  const requirement = requirementFor(fn, method)
  if (requirement === null) throw new Error(`${fn} serves no ${method}`)
  return roleMeets(role, requirement)
}

const CHANGES: [FunctionName, string][] = [
  ['uploads', 'POST'],
  ['uploads', 'PATCH'],
  ['upload', 'POST'],
  ['import', 'POST'],
  ['update-file', 'PATCH'],
  ['batch-update', 'POST'],
  ['replace-file', 'POST'],
  ['delete-file', 'DELETE'],
  ['batch-delete', 'POST'],
  ['batch-move-to-folder', 'POST'],
  ['folder-create', 'POST'],
  ['folder-update', 'POST'],
  ['folder-delete', 'DELETE'],
  ['trash-restore', 'POST'],
  ['share', 'POST'],
  ['share', 'DELETE'],
  ['webflow-sync', 'POST'],
  ['cloudinary-signature', 'POST'],
]

const ADMIN_ONLY: [FunctionName, string][] = [
  ['trash-delete-forever', 'POST'],
  ['people', 'GET'],
  ['people', 'POST'],
  ['people', 'PATCH'],
  ['people', 'DELETE'],
  ['webflow-sync-all', 'POST'],
]

const READS: [FunctionName, string][] = [
  ['media', 'GET'],
  ['media-pages', 'GET'],
  ['folder-list', 'GET'],
  ['files', 'GET'],
  ['files', 'HEAD'],
  ['file-link', 'GET'],
  ['image', 'GET'],
  ['shares', 'GET'],
  ['trash-list', 'GET'],
  ['webflow-sync-all', 'GET'],
  ['tokens', 'GET'],
  ['tokens', 'POST'],
]

describe('the route access table', () => {
  it('has a requirement for every route (the compiler asks too), and only for routes that exist', () => {
    const names = API_ROUTES.map((route) => route.name)
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual([...names].sort())
  })

  it('agrees across the routes that reach one function, so no path is a back door to another', () => {
    const byFunction = new Map<string, RouteAccess[]>()
    for (const route of API_ROUTES) {
      byFunction.set(route.function, [...(byFunction.get(route.function) ?? []), ROUTE_ACCESS[route.name]])
    }
    for (const [fn, rules] of byFunction) {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
        const asked = rules
          .map((rule) => (typeof rule === 'string' ? rule : rule[method]))
          .filter((rule): rule is AccessRequirement => rule !== undefined)
        expect(new Set(asked).size, `${fn} ${method}`).toBeLessThanOrEqual(1)
      }
    }
  })

  it('lets a viewer read but neither upload, edit, move, delete, restore, share, sync nor purge', () => {
    for (const [fn, method] of READS) expect(may('viewer', fn, method), `${fn} ${method}`).toBe(true)
    for (const [fn, method] of [...CHANGES, ...ADMIN_ONLY]) {
      expect(may('viewer', fn, method), `${fn} ${method}`).toBe(false)
    }
  })

  it('lets an editor make every change but purge, people and Sync all', () => {
    for (const [fn, method] of [...READS, ...CHANGES])
      expect(may('editor', fn, method), `${fn} ${method}`).toBe(true)
    for (const [fn, method] of ADMIN_ONLY) expect(may('editor', fn, method), `${fn} ${method}`).toBe(false)
  })

  it('lets an admin do everything', () => {
    for (const [fn, method] of [...READS, ...CHANGES, ...ADMIN_ONLY]) {
      expect(may('admin', fn, method), `${fn} ${method}`).toBe(true)
    }
  })

  it('holds a read token to reads, whatever its owner may do, and a write token short of admin', () => {
    for (const owner of ROLES) {
      const read = narrowerRole(SCOPE_ROLES.read, owner)
      for (const [fn, method] of [...CHANGES, ...ADMIN_ONLY]) expect(may(read, fn, method)).toBe(false)
      const write = narrowerRole(SCOPE_ROLES.write, owner)
      for (const [fn, method] of ADMIN_ONLY) expect(may(write, fn, method)).toBe(false)
    }
    // An admin-scoped token of a person who is now an editor acts as an editor.
    expect(narrowerRole(SCOPE_ROLES.admin, 'editor')).toBe('editor')
  })

  it('leaves open only the sign-in, accepting an invitation, share links, which check their own, and the API reference', () => {
    const open = (Object.entries(ROUTE_ACCESS) as [RouteName, RouteAccess][])
      .filter(([, rule]) => rule === 'open')
      .map(([name]) => name)
    expect(open.sort()).toEqual(['access', 'docs', 'openapi', 'peopleAccept', 'sharedFile'])
  })

  it('takes a signed file link only on the routes serving file bytes', () => {
    const linked = (Object.entries(ROUTE_ACCESS) as [RouteName, RouteAccess][])
      .filter(([, rule]) => rule === 'viewer-or-file-link')
      .map(([name]) => name)
    expect(linked.sort()).toEqual(['file', 'fileWithName', 'signedFile'])
  })

  it('gives OPTIONS and unserved methods the least of the function, and nothing for a method no route has', () => {
    expect(leastRequirementFor('webflow-sync-all')).toBe('viewer')
    expect(leastRequirementFor('people')).toBe('admin')
    expect(requirementFor('people', 'PUT')).toBeNull()
    expect(requirementFor('media', 'HEAD')).toBe('viewer')
  })
})
