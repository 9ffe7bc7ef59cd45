import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'

import { describe, expect, it } from 'vitest'

import { namesBlock, STARTUP_SCRIPTS, withNames } from '../../scripts/startup-names'
import * as storageNames from '../../src/lib/storage-names'

const ROOT = join(import.meta.dirname, '..', '..')

describe("the startup scripts' names", () => {
  it('are, in every startup script, as src/lib/storage-names.ts defines them (run the build to write them)', async () => {
    for (const path of STARTUP_SCRIPTS) {
      const script = await readFile(join(ROOT, path), 'utf8')
      expect(withNames(script), `${path} holds stale names`).toBe(script)
    }
  })

  it('are a block of plain values that a script reads as the module exports them', () => {
    const names = { A_KEY: "it's \\ a key", VERSION: 3 }
    const read: unknown = runInNewContext(`${namesBlock(names)}\nNAMES`)
    expect(read).toEqual(names)
    const every: unknown = runInNewContext(`${namesBlock(storageNames)}\nNAMES`)
    expect(every).toEqual({ ...storageNames })
  })

  it('replace the block of a script, as indented as it was, and refuse a script without one', () => {
    const script = [
      '(function () {',
      '  // Names from src/lib/storage-names.ts, written by scripts/startup-names.ts: edit them there.',
      "  var NAMES = { OLD: 'old' }",
      '  // End of the names.',
      '  use(NAMES)',
      '})()',
    ].join('\n')
    const written = withNames(script, { NEW: 'new' })
    expect(written).toBe(
      ['(function () {', namesBlock({ NEW: 'new' }, '  '), '  use(NAMES)', '})()'].join('\n'),
    )
    expect(withNames(written, { NEW: 'new' })).toBe(written)
    expect(() => withNames('use(NAMES)')).toThrow(/no block of names/)
  })
})
