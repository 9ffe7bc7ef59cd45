import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'

import { describe, expect, it } from 'vitest'

import { resolveTheme, THEME_CHOICES, type ThemeChoice } from '../../../src/app/theme'
import { THEME_STORAGE_KEY } from '../../../src/lib/storage-names'

const SCRIPT = join(import.meta.dirname, '..', '..', '..', 'public', 'startup', 'theme-init.js')

/** Runs the page's theme script against a stored value and a system scheme; the theme it sets. */
async function themeSetBy(stored: string | null, systemDark: boolean, storageBlocked = false) {
  const root = { dataset: {} as Record<string, string>, style: { colorScheme: '' } }
  const window = {
    localStorage: {
      getItem: (key: string) => {
        if (storageBlocked) throw new Error('SecurityError')
        return key === THEME_STORAGE_KEY ? stored : null
      },
    },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
  }
  runInNewContext(await readFile(SCRIPT, 'utf8'), { window, document: { documentElement: root } })
  return { theme: root.dataset.theme, colorScheme: root.style.colorScheme }
}

describe("the page's first-paint theme script", () => {
  it('sets the theme the app would, for every choice and system scheme, from the same key', async () => {
    const cases: [ThemeChoice | null, boolean][] = [null, ...THEME_CHOICES].flatMap((choice) => [
      [choice, true] as [ThemeChoice | null, boolean],
      [choice, false] as [ThemeChoice | null, boolean],
    ])
    for (const [choice, systemDark] of cases) {
      const expected = resolveTheme(choice ?? 'system', systemDark)
      expect(await themeSetBy(choice, systemDark)).toEqual({ theme: expected, colorScheme: expected })
    }
    expect((await themeSetBy('sepia', true)).theme).toBe('dark')
  })

  it('leaves the page alone when storage is blocked, for the app to set', async () => {
    expect(await themeSetBy('dark', false, true)).toEqual({ theme: undefined, colorScheme: '' })
  })
})
