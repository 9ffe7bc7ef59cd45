import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { itemSlug, slugify } from '../../../../netlify/server/webflow/slug'

/** Webflow's slug shape: lowercase ASCII letters and digits in hyphen-separated runs. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const MAX_SLUG = 256

/** Titles as people type them: letters of many scripts, accents, punctuation, emoji, odd spaces. */
const titleCharacter = fc.oneof(
  fc.constantFrom(...'abcXYZ019 _-.,;:!?\'"()[]{}/\\@#$%^&*+=~`|<>'.split('')),
  fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\u200b', '\u00ad', '\ufeff'),
  fc.constantFrom('é', 'È', 'ñ', 'ß', 'ø', 'Å', 'İ', 'ı', 'ﬁ', 'Ⅻ', '²', '１', 'Ω', 'K', 'e\u0301'),
  fc.constantFrom('東京', 'Привет', 'مرحبا', 'שלום', 'नमस्ते', '🙂', '👩‍👩‍👧', '🇬🇧'),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
)
const title = fc.array(titleCharacter, { maxLength: 80 }).map((parts) => parts.join(''))

describe('slugify', () => {
  it.each([
    ['Sunset over the Harbour', 'sunset-over-the-harbour'],
    ["Dr. Sarah O'Connor", 'dr-sarah-oconnor'],
    ['Café Crème brûlée', 'cafe-creme-brulee'],
    ['  many   spaces\tand\nlines  ', 'many-spaces-and-lines'],
    ['snake_case and kebab--case', 'snake-case-and-kebab-case'],
    ['--- trimmed ---', 'trimmed'],
    ['Report (final) v2.pdf', 'report-final-v2pdf'],
    ['IMG_0042.JPG', 'img-0042jpg'],
    ['a - b', 'a-b'],
    ['ﬁne Ⅻ ²', 'fine-xii-2'],
    ['東京 2024', '2024'],
    ['🙂', ''],
    ['', ''],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected)
  })

  it('always gives Webflow a valid slug, or nothing, of at most 256 characters', () => {
    fc.assert(
      fc.property(title, (input) => {
        const slug = slugify(input)
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG)
        if (slug !== '') expect(slug).toMatch(SLUG)
      }),
      { numRuns: 2_000 },
    )
  })

  it('keeps every ASCII letter and digit of the title, in order', () => {
    fc.assert(
      fc.property(title, (input) => {
        const kept = input
          .normalize('NFKD')
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
        expect(slugify(input).replace(/-/g, '')).toBe(kept)
      }),
      { numRuns: 500 },
    )
  })

  it('is idempotent: a slug slugs to itself', () => {
    fc.assert(
      fc.property(title, (input) => {
        const slug = slugify(input)
        expect(slugify(slug)).toBe(slug)
      }),
    )
  })

  it('cuts long titles to 256 characters without a trailing hyphen', () => {
    expect(slugify('a'.repeat(1_000))).toBe('a'.repeat(MAX_SLUG))
    const cutAtHyphen = slugify(`${'b'.repeat(MAX_SLUG - 1)} tail`)
    expect(cutAtHyphen).toBe('b'.repeat(MAX_SLUG - 1))
    expect(cutAtHyphen).toMatch(SLUG)
  })
})

describe('itemSlug', () => {
  it('falls back to file-<id> when the title has nothing sluggable', () => {
    expect(itemSlug('', 42)).toBe('file-42')
    expect(itemSlug('東京 🙂 !!!', 7)).toBe('file-7')
    expect(itemSlug('---', 7, 3)).toBe('file-7-3')
  })

  it('adds -2, -3, ... for later attempts, staying valid and within 256 characters', () => {
    expect(itemSlug('Sunset', 1)).toBe('sunset')
    expect(itemSlug('Sunset', 1, 2)).toBe('sunset-2')
    expect(itemSlug('Sunset', 1, 3)).toBe('sunset-3')
    expect(itemSlug('x'.repeat(300), 1, 10)).toBe(`${'x'.repeat(MAX_SLUG - 3)}-10`)
    fc.assert(
      fc.property(
        title,
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 99 }),
        (input, id, n) => {
          const slug = itemSlug(input, id, n)
          expect(slug).toMatch(SLUG)
          expect(slug.length).toBeLessThanOrEqual(MAX_SLUG)
          if (n > 1) expect(slug.endsWith(`-${String(n)}`)).toBe(true)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('gives different attempts of one title different slugs', () => {
    fc.assert(
      fc.property(title, fc.integer({ min: 1, max: 1e6 }), (input, id) => {
        const slugs = [1, 2, 3, 4, 10, 11].map((n) => itemSlug(input, id, n))
        expect(new Set(slugs).size).toBe(slugs.length)
      }),
    )
  })
})
