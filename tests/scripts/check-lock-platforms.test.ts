import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const SCRIPT = 'scripts/check-lock-platforms.mjs'
const folder = await mkdtemp(join(tmpdir(), 'lock-'))
afterAll(() => rm(folder, { recursive: true, force: true }))
let written = 0

/** A lock whose native package names a binding for each of two platforms; `entries` are the bindings listed. */
async function lockWith(entries: Record<string, object>): Promise<string> {
  const path = join(folder, `${String(written++)}.json`)
  const packages = {
    '': { name: 'probe' },
    'node_modules/native': {
      version: '1.0.0',
      optionalDependencies: { 'native-linux-x64': '1.0.0', 'native-darwin-arm64': '1.0.0' },
    },
    ...entries,
  }
  await writeFile(path, JSON.stringify({ lockfileVersion: 3, packages }))
  return path
}

describe('the lock file check', () => {
  it('passes a lock listing every platform binding, hoisted or nested', async () => {
    const lock = await lockWith({
      'node_modules/native-linux-x64': { version: '1.0.0', optional: true },
      'node_modules/native/node_modules/native-darwin-arm64': { version: '1.0.0', optional: true },
    })
    await expect(run('node', [SCRIPT, lock])).resolves.toBeDefined()
  })

  it('fails a lock made on one platform, naming the binding it left out', async () => {
    const lock = await lockWith({ 'node_modules/native-linux-x64': { version: '1.0.0', optional: true } })
    const failure: unknown = await run('node', [SCRIPT, lock]).catch((error: unknown) => error)
    expect(failure).toHaveProperty('code', 1)
    expect((failure as { stderr: string }).stderr).toContain('node_modules/native -> native-darwin-arm64')
  })

  it('passes the project lock, which npm ci installs from', async () => {
    await expect(run('node', [SCRIPT])).resolves.toBeDefined()
  })
})
