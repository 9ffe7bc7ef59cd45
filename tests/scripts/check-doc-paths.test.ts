import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const SCRIPT = 'scripts/check-doc-paths.mjs'
const folder = await mkdtemp(join(tmpdir(), 'doc-paths-'))
afterAll(() => rm(folder, { recursive: true, force: true }))
let made = 0

/** A repository of the given files (a path to its text); the check's answer over it. */
async function checkOver(files: Record<string, string>): Promise<{ ok: boolean; said: string }> {
  const root = join(folder, String(made++))
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  try {
    await run('node', [SCRIPT, root])
    return { ok: true, said: '' }
  } catch (error) {
    return { ok: false, said: (error as { stderr: string }).stderr }
  }
}

describe('the doc paths check', () => {
  it('passes the repository as it is', async () => {
    await expect(run('node', [SCRIPT])).resolves.toBeDefined()
  })

  it('passes paths that exist, patterns, commands and words that are not repository paths', async () => {
    const answer = await checkOver({
      'src/lib/plural.ts': '',
      'scripts/measure.ts': '',
      'docs/architecture.md': [
        'The words (`src/lib/plural.ts`), the folder `src/lib/` and `scripts/measure.ts --build`.',
        'Patterns: `src/features/<name>/`, `netlify/functions/*.mts`, `tests/netlify/server/records/...`,',
        '`tests/src/features/{upload,preview}/`; not paths: `listing-store.ts`, `lib/plural.ts`, `a src/b`.',
      ].join('\n'),
    })
    expect(answer).toEqual({ ok: true, said: '' })
  })

  it('names each missing path with its document and line', async () => {
    const answer = await checkOver({
      'src/lib/plural.ts': '',
      'docs/architecture.md': 'The words are in `src/lib/plural.ts`.\nThe worker is `src/workers/gone.ts`.\n',
      'docs/decisions/0001-first.md': '# First\n\nTested in `tests/server/first.test.ts`.\n',
    })
    expect(answer.ok).toBe(false)
    expect(answer.said).toContain('docs/architecture.md:2: `src/workers/gone.ts` does not exist')
    expect(answer.said).toContain(
      'docs/decisions/0001-first.md:3: `tests/server/first.test.ts` does not exist',
    )
    expect(answer.said).not.toContain('plural')
    expect(answer.said).toContain('(now `new/path`)')
  })

  it('lets a record keep a moved or removed path said so, and checks the path it names now', async () => {
    const record = (text: string) =>
      checkOver({ 'src/lib/plural.ts': '', 'docs/decisions/0002-moves.md': `# Moves\n\n${text}\n` })
    expect(await record('Was `src/words.ts` (now `src/lib/plural.ts`).')).toEqual({ ok: true, said: '' })
    expect(await record('Was (`src/words.ts`, now `src/lib/plural.ts`).')).toEqual({ ok: true, said: '' })
    expect(await record('Was `src/old-table.ts` (since removed).')).toEqual({ ok: true, said: '' })
    const wrongNow = await record('Was `src/words.ts` (now `src/lib/words.ts`).')
    expect(wrongNow.ok).toBe(false)
    expect(wrongNow.said).toContain('`src/lib/words.ts` does not exist')
    expect(wrongNow.said).not.toContain('`src/words.ts`')
  })

  it('does not let the architecture map name a path that has moved: it says where things are today', async () => {
    const answer = await checkOver({
      'src/lib/plural.ts': '',
      'docs/architecture.md': 'The words: `src/words.ts` (now `src/lib/plural.ts`).\n',
    })
    expect(answer.ok).toBe(false)
    expect(answer.said).toContain('docs/architecture.md:1: `src/words.ts` does not exist')
  })
})
