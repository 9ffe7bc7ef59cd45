import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'

import { describe, expect, it } from 'vitest'

import { FIRST_PAGE_GLOBAL } from '../../src/features/library/api/first-page-request'
import { KEPT_FIRST_PAGE_KEY } from '../../src/features/library/api/kept-first-page'
import { pageRequest } from '../../src/workers/listing-loader'

const SCRIPT = join(import.meta.dirname, '..', '..', 'public', 'assets', 'first-page.js')

interface Setting {
  kept?: string | null
  storageBlocked?: boolean
  workers?: boolean
  /** The app ran first and took the request over (or asked itself). */
  appFirst?: boolean
}

/** Runs the page's first-page script; the requests it sent and what it left for the app. */
async function runScript({ kept = null, storageBlocked = false, workers = true, appFirst = false }: Setting) {
  const asked: [string, RequestInit][] = []
  const window: Record<string, unknown> = {
    localStorage: {
      getItem: (key: string) => {
        if (storageBlocked) throw new Error('SecurityError')
        return key === KEPT_FIRST_PAGE_KEY ? kept : null
      },
    },
  }
  if (appFirst) window[FIRST_PAGE_GLOBAL] = null
  const context: Record<string, unknown> = {
    window,
    fetch: (url: string, init: RequestInit) => {
      asked.push([url, init])
      return Promise.reject(new TypeError('Failed to fetch'))
    },
    Promise,
  }
  if (workers) context.Worker = function Worker() {}
  runInNewContext(await readFile(SCRIPT, 'utf8'), context)
  return { asked, left: window[FIRST_PAGE_GLOBAL] }
}

describe("the page's first-page script", () => {
  it('asks for the first page as the app would, under the name the app takes it from', async () => {
    const { asked, left } = await runScript({})
    expect(asked).toEqual([pageRequest(0)])
    expect(left).toBeInstanceOf(Promise)
    // A request that got no answer is left for the app to report, not thrown as unhandled.
    await expect(left).rejects.toThrow('Failed to fetch')
  })

  it('asks as on a first visit when storage is blocked, as readKeptFirstPage finds nothing then', async () => {
    expect((await runScript({ storageBlocked: true })).asked).toHaveLength(1)
  })

  it('asks nothing with a first page kept, without workers, or after the app has run', async () => {
    for (const setting of [{ kept: '{}' }, { workers: false }, { appFirst: true }]) {
      const { asked, left } = await runScript(setting)
      expect(asked).toEqual([])
      expect(left === undefined || left === null).toBe(true)
    }
  })
})
