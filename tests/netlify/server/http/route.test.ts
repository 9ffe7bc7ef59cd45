import { describe, expect, it } from 'vitest'

import { FUNCTION_RATE_LIMITS } from '../../../../netlify/server/http/rate-limits'
import { route } from '../../../../netlify/server/http/route'
import { json } from '../../../../netlify/server/http/respond'
import type { FunctionName } from '../../../../src/contract/routes'

/** Functions that answer without `route()`, asking the gate themselves. */
const OUTSIDE_ROUTE = new Set<FunctionName>(['uploads', 'api-not-found'])

describe('route()', () => {
  it("is named by every function after the function itself, so the gate reads that function's rows", async () => {
    const names = Object.keys(FUNCTION_RATE_LIMITS) as FunctionName[]
    for (const name of names.filter((fn) => !OUTSIDE_ROUTE.has(fn))) {
      const module = (await import(`../../../../netlify/functions/${name}.mts`)) as {
        default: { functionName?: string }
      }
      expect(module.default.functionName, name).toBe(name)
    }
  })

  it('refuses to serve a method the route table gives no requirement for', () => {
    const ok = () => Promise.resolve(json({}))
    expect(() => route({ PATCH: ok }, { message: 'Failed' }, 'tokens')).toThrow(
      'ROUTE_ACCESS gives no requirement for PATCH on the routes of tokens',
    )
    expect(route({ GET: ok }, { message: 'Failed' }, 'media').functionName).toBe('media')
  })
})
