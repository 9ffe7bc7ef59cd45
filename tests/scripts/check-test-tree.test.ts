import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const SCRIPT = 'scripts/check-test-tree.mjs'
const folder = await mkdtemp(join(tmpdir(), 'test-tree-'))
afterAll(() => rm(folder, { recursive: true, force: true }))
let made = 0

/** A repository of the given empty files; the check's answer over it. */
async function checkOver(paths: string[]): Promise<{ ok: boolean; said: string }> {
  const root = join(folder, String(made++))
  for (const path of paths) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), '')
  }
  try {
    await run('node', [SCRIPT, root])
    return { ok: true, said: '' }
  } catch (error) {
    return { ok: false, said: (error as { stderr: string }).stderr }
  }
}

describe('the test tree check', () => {
  it('passes the repository as it is', async () => {
    await expect(run('node', [SCRIPT])).resolves.toBeDefined()
  })

  it('passes tests at the mirrored path of their source, with an aspect in the name or not', async () => {
    const answer = await checkOver([
      'src/lib/plural.ts',
      'tests/src/lib/plural.test.ts',
      'netlify/server/records/record-bytes.ts',
      'tests/netlify/server/records/record-bytes.property.test.ts',
      'src/features/library/components/media-card.tsx',
      'tests/src/features/library/components/media-card.dom.test.tsx',
    ])
    expect(answer).toEqual({ ok: true, said: '' })
  })

  it('names a test whose source is not at the mirrored path, and a .tsx test not named for jsdom', async () => {
    const answer = await checkOver([
      'src/lib/plural.ts',
      'tests/src/plural.test.ts',
      'tests/src/lib/gone.test.ts',
      'src/app/app.tsx',
      'tests/src/app/app.test.tsx',
    ])
    expect(answer.ok).toBe(false)
    expect(answer.said).toContain('tests/src/plural.test.ts: there is no src/plural.ts(x) for it to test')
    expect(answer.said).toContain('tests/src/lib/gone.test.ts: there is no src/lib/gone.ts(x) for it to test')
    expect(answer.said).toContain('tests/src/app/app.test.tsx: a .tsx test runs in jsdom')
  })
})
