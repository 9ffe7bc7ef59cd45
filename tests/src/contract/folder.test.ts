import { describe, expect, it } from 'vitest'

import { LIMITS } from '../../../src/contract/limits'
import {
  folderCreateSchema,
  folderNameSchema,
  folderPathLabel,
  folderPathSchema,
  isWithin,
  joinPath,
  ROOT_PATH,
} from '../../../src/contract/folder'
import { describeIssue } from '../../../src/contract/record'

function pathOutcome(input: unknown): string {
  const result = folderPathSchema.safeParse(input)
  return result.success ? result.data : `refused: ${describeIssue(result.error)}`
}

function createMessage(body: unknown): string | null {
  const result = folderCreateSchema.safeParse(body)
  return result.success ? null : describeIssue(result.error)
}

describe('folderPathSchema', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    [undefined, '/'],
    [null, '/'],
    ['a', '/a'],
    ['/a', '/a'],
    ['a/b/', '/a/b'],
    ['/a//b///', '/a/b'],
    ['  /Photos/2024  ', '/Photos/2024'],
    ['/Ünïcode/名前', '/Ünïcode/名前'],
    ['/a.b/..c', '/a.b/..c'],
  ])('normalises %j to %j', (input, expected) => {
    expect(pathOutcome(input)).toBe(expected)
  })

  it.each(['..', '.', '/a/../b', '/a/./b', 'a\\b', '/a /b', '/a/\tb', '/a/\u0000'])('refuses %j', (input) => {
    expect(pathOutcome(input)).toMatch(/^refused: /)
  })

  it('names the refused path in its message', () => {
    expect(pathOutcome('/a/../b')).toBe('refused: is not a valid folder path: "/a/../b"')
  })

  it('refuses a segment longer than a folder name may be, and a path over its limit', () => {
    expect(pathOutcome(`/${'n'.repeat(LIMITS.folderNameChars)}`)).toBe(
      `/${'n'.repeat(LIMITS.folderNameChars)}`,
    )
    expect(pathOutcome(`/${'n'.repeat(LIMITS.folderNameChars + 1)}`)).toMatch(/^refused: /)
    const long = `/${Array.from({ length: 250 }, () => 'abcd').join('/')}`
    expect(long.length).toBeGreaterThan(LIMITS.folderPathChars)
    expect(pathOutcome(long)).toBe(`refused: must be at most ${String(LIMITS.folderPathChars)} characters`)
  })

  it('refuses what is not a string', () => {
    expect(folderPathSchema.safeParse(42).success).toBe(false)
    expect(folderPathSchema.safeParse(['a']).success).toBe(false)
  })
})

describe('folderNameSchema', () => {
  it('trims a name', () => {
    expect(folderNameSchema.parse('  Holiday 2024  ')).toBe('Holiday 2024')
  })

  it.each([
    ['', 'Folder name is required'],
    ['   ', 'Folder name is required'],
    [undefined, 'Folder name is required'],
    [null, 'Folder name is required'],
    ['a/b', 'Folder name cannot contain / or \\'],
    ['a\\b', 'Folder name cannot contain / or \\'],
    ['.', 'Folder name cannot be . or ..'],
    ['..', 'Folder name cannot be . or ..'],
    ['x'.repeat(LIMITS.folderNameChars + 1), `must be at most ${String(LIMITS.folderNameChars)} characters`],
    ['new\nline', 'Folder name contains a line break (U+000A LINE FEED); remove it.'],
  ])('refuses %j with %j', (name, message) => {
    const result = folderNameSchema.safeParse(name)
    expect(result.success).toBe(false)
    if (!result.success) expect(describeIssue(result.error)).toBe(message)
  })
})

describe('folderCreateSchema', () => {
  it('defaults parent_path to the root and normalises a given one', () => {
    expect(folderCreateSchema.parse({ name: 'Photos' })).toEqual({ name: 'Photos', parent_path: '/' })
    expect(folderCreateSchema.parse({ name: 'Raw', parent_path: 'Photos/2024/' })).toEqual({
      name: 'Raw',
      parent_path: '/Photos/2024',
    })
    expect(folderCreateSchema.parse({ name: 'Top', parent_path: '' }).parent_path).toBe('/')
  })

  it('words its refusals for the screen and for curl users', () => {
    expect(createMessage({})).toBe('Folder name is required')
    expect(createMessage({ name: '  ' })).toBe('Folder name is required')
    expect(createMessage({ name: 'a/b' })).toBe('Folder name cannot contain / or \\')
    expect(createMessage({ name: 'ok', parent_path: '/a/..' })).toBe(
      'parent_path is not a valid folder path: "/a/.."',
    )
  })
})

describe('joinPath and isWithin', () => {
  it('joins names under a parent path', () => {
    expect(joinPath(ROOT_PATH, 'a')).toBe('/a')
    expect(joinPath('/a', 'b')).toBe('/a/b')
    expect(joinPath('/a/', 'b', 'c')).toBe('/a/b/c')
    expect(joinPath(ROOT_PATH)).toBe('/')
  })

  it('tells whether a path lies at or below another', () => {
    expect(isWithin('/anything/deep', ROOT_PATH)).toBe(true)
    expect(isWithin('/a', '/a')).toBe(true)
    expect(isWithin('/a/b/c', '/a')).toBe(true)
    expect(isWithin('/ab', '/a')).toBe(false)
    expect(isWithin('/a', '/a/b')).toBe(false)
    expect(isWithin(ROOT_PATH, '/a')).toBe(false)
  })
})

describe('folder names in Unicode', () => {
  it('normalises names to NFC, so a composed and a decomposed é name one folder', () => {
    const composed = folderCreateSchema.parse({ name: 'Caf\u00e9' })
    const decomposed = folderCreateSchema.parse({ name: 'Cafe\u0301' })
    expect(decomposed.name).toBe(composed.name)
  })

  it('refuses bidirectional overrides in names', () => {
    expect(createMessage({ name: '\u202eevil' })).toBe(
      'Folder name contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
  })
})

describe('folder path label', () => {
  it("names the top level 'Uncategorized' (spec section 2's folder selector) and keeps other paths", () => {
    expect([folderPathLabel('/'), folderPathLabel(''), folderPathLabel('/Campaigns/2026')]).toEqual([
      'Uncategorized',
      'Uncategorized',
      '/Campaigns/2026',
    ])
  })
})
