import { describe, expect, it } from 'vitest'

import { folderCreateSchema, folderPathSchema, sameFolderName } from '../../../src/contract/folder'
import { describeIssue, recordCreateSchema, recordPatchSchema } from '../../../src/contract/record'
import { patchFields } from '../../../src/contract/record-patch'
import { parseTags, tagsInput } from '../../../src/contract/tags'
import {
  describeCharacter,
  labelKey,
  labelProblem,
  withoutRefusedCharacters,
} from '../../../src/contract/text'
import { listedRecord } from '../../support/listed-record'

function refusal(schema: { safeParse: (input: unknown) => unknown }, body: unknown): string | null {
  const result = schema.safeParse(body) as
    { success: true } | { success: false; error: Parameters<typeof describeIssue>[0] }
  return result.success ? null : describeIssue(result.error)
}

/** Each character a hostile client used to make a name that renders as another, and how it is named. */
const HOSTILE: readonly [string, string, string][] = [
  ['\u200b', 'an invisible character', 'U+200B ZERO WIDTH SPACE'],
  ['\u200c', 'an invisible character', 'U+200C ZERO WIDTH NON-JOINER'],
  ['\u200d', 'an invisible character', 'U+200D ZERO WIDTH JOINER'],
  ['\u200e', 'an invisible character', 'U+200E LEFT-TO-RIGHT MARK'],
  ['\u200f', 'an invisible character', 'U+200F RIGHT-TO-LEFT MARK'],
  ['\u061c', 'an invisible character', 'U+061C ARABIC LETTER MARK'],
  ['\u2060', 'an invisible character', 'U+2060 WORD JOINER'],
  ['\ufeff', 'an invisible character', 'U+FEFF ZERO WIDTH NO-BREAK SPACE'],
  ['\u00ad', 'an invisible character', 'U+00AD SOFT HYPHEN'],
  ['\u3164', 'an invisible character', 'U+3164 HANGUL FILLER'],
  ['\u{e0001}', 'an invisible character', 'U+E0001 LANGUAGE TAG'],
  ['\u{e0020}', 'an invisible character', 'U+E0020 TAG SPACE'],
  ['\u{e0072}', 'an invisible character', 'U+E0072 TAG LATIN SMALL LETTER R'],
  ['\u{e007f}', 'an invisible character', 'U+E007F CANCEL TAG'],
  ['\u2028', 'a line break', 'U+2028 LINE SEPARATOR'],
  ['\u2029', 'a line break', 'U+2029 PARAGRAPH SEPARATOR'],
  ['\n', 'a line break', 'U+000A LINE FEED'],
  ['\r', 'a line break', 'U+000D CARRIAGE RETURN'],
  ['\u0085', 'a line break', 'U+0085 NEXT LINE'],
  ['\t', 'a control character', 'U+0009 CHARACTER TABULATION'],
  ['\u0007', 'a control character', 'U+0007 BELL'],
  ['\u001b', 'a control character', 'U+001B ESCAPE'],
  ['\u0090', 'a control character', 'U+0090'],
  ['\u202a', 'a text direction control', 'U+202A LEFT-TO-RIGHT EMBEDDING'],
  ['\u202b', 'a text direction control', 'U+202B RIGHT-TO-LEFT EMBEDDING'],
  ['\u202c', 'a text direction control', 'U+202C POP DIRECTIONAL FORMATTING'],
  ['\u202d', 'a text direction control', 'U+202D LEFT-TO-RIGHT OVERRIDE'],
  ['\u202e', 'a text direction control', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
  ['\u2066', 'a text direction control', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
  ['\u2067', 'a text direction control', 'U+2067 RIGHT-TO-LEFT ISOLATE'],
  ['\u2068', 'a text direction control', 'U+2068 FIRST STRONG ISOLATE'],
  ['\u2069', 'a text direction control', 'U+2069 POP DIRECTIONAL ISOLATE'],
]

describe('labels refuse characters that make them look like something else', () => {
  it.each(HOSTILE)('refuses %j in a title, a folder name and a tag', (character, kind, name) => {
    const planted = `Re${character}ports`
    expect(refusal(recordPatchSchema, { title: planted })).toBe(
      `Title contains ${kind} (${name}); remove it.`,
    )
    expect(refusal(folderCreateSchema, { name: planted })).toBe(
      `Folder name contains ${kind} (${name}); remove it.`,
    )
    expect(refusal(recordPatchSchema, { tags: ['ok', planted] })).toBe(
      `A tag contains ${kind} (${name}); remove it.`,
    )
    expect(refusal(recordPatchSchema, { add_tags: planted })).toBe(
      `A tag contains ${kind} (${name}); remove it.`,
    )
    expect(refusal(recordCreateSchema, { media_url: '/a.png', author: planted })).toBe(
      `Author contains ${kind} (${name}); remove it.`,
    )
  })

  it('names the first refused character, by code point when it has no short name', () => {
    expect(labelProblem('Title', 'a\u200bb\u202ec')).toBe(
      'Title contains an invisible character (U+200B ZERO WIDTH SPACE); remove it.',
    )
    expect(describeCharacter('\u{e003f}')).toBe('U+E003F')
    expect(describeCharacter('\u0001')).toBe('U+0001')
    expect(labelProblem('Title', 'Reports')).toBeNull()
  })

  it('refuses the tags a hostile client stored: a bidi override, a line break, a bell', () => {
    expect(refusal(tagsInput, ['evil\u202etxt.exe'])).toBe(
      'A tag contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
    expect(refusal(tagsInput, ['two\nlines'])).toBe(
      'A tag contains a line break (U+000A LINE FEED); remove it.',
    )
    expect(refusal(tagsInput, 'ding\u0007')).toBe(
      'A tag contains a control character (U+0007 BELL); remove it.',
    )
  })

  it('keeps what labels may hold: letters of any script, emoji, spaces inside, variation selectors', () => {
    for (const title of ['Café', 'Отчёты', 'تقارير', '報告書', 'emoji 🎞️ ok', 'Q3 — final (v2)']) {
      expect(refusal(recordPatchSchema, { title })).toBeNull()
    }
  })

  it('trims an edge that is only white space rather than refusing it', () => {
    expect(recordPatchSchema.parse({ title: '\ufeffReports\n' }).title).toBe('Reports')
  })

  it('offers the value without the refused characters', () => {
    expect(withoutRefusedCharacters('Re\u200bpo\u{e0072}rts\u202e')).toBe('Reports')
  })
})

describe('free text keeps its lines but not the direction controls', () => {
  it('keeps line breaks, tabs, joiners and marks in a description and notes', () => {
    const description = 'line one\nline two\twith a tab, a family 👨\u200d👩\u200d👧 and a mark\u200f'
    expect(recordPatchSchema.parse({ description, notes: 'a\r\nb' })).toMatchObject({
      description,
      notes: 'a\r\nb',
    })
  })

  it('refuses an override or an isolate, which turns around what follows it', () => {
    expect(refusal(recordPatchSchema, { description: 'see evil\u202etxt.exe' })).toBe(
      'Description contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
    expect(refusal(recordPatchSchema, { notes: '\u2067x' })).toBe(
      'Notes contains a text direction control (U+2067 RIGHT-TO-LEFT ISOLATE); remove it.',
    )
  })
})

describe('labels are stored in NFC and compared after NFKC and case folding', () => {
  it('stores titles, folder names and tags in NFC', () => {
    expect(recordPatchSchema.parse({ title: 'Cafe\u0301' }).title).toBe('Caf\u00e9')
    expect(folderCreateSchema.parse({ name: 'Cafe\u0301' }).name).toBe('Caf\u00e9')
    expect(recordPatchSchema.parse({ tags: 'cafe\u0301' }).tags).toEqual(['caf\u00e9'])
  })

  it.each([
    ['REPORTS', 'case'],
    ['ｒｅｐｏｒｔｓ', 'width'],
    ['ℜeports', 'a compatibility letter'],
    ['Repor\u0074s', 'nothing at all'],
    ['  Reports  ', 'edges'],
  ])('reads %j as "Reports" (%s)', (name) => {
    expect(sameFolderName(name, 'Reports')).toBe(true)
  })

  it('folds beyond lower case and drops what draws nothing', () => {
    expect(labelKey('STRASSE')).toBe(labelKey('straße'))
    expect(labelKey('ΣΑΣ')).toBe(labelKey('σας'))
    expect(labelKey('ﬁles')).toBe(labelKey('files'))
    expect(sameFolderName('Cafe\u0301', 'CAFÉ')).toBe(true)
    expect(labelKey('Re\u200bports')).toBe(labelKey('Reports'))
    expect(labelKey('Annual\u00a0 Reports')).toBe(labelKey('annual reports'))
    expect(sameFolderName('Reports', 'Reports 2')).toBe(false)
    expect(sameFolderName('Résumé', 'Resume')).toBe(false)
  })

  it('merges look-alike tags in one list, keeping the first spelling', () => {
    expect(parseTags('Photo, photo, ＰＨＯＴＯ, Ph\u00f6to')).toEqual(['Photo', 'Ph\u00f6to'])
    expect(recordPatchSchema.parse({ tags: ['Sea', 'SEA', 'ｓｅａ'] }).tags).toEqual(['Sea'])
  })

  it('adds a tag a file has in another spelling as nothing, and removes it in any spelling', () => {
    const record = { ...listedRecord(1), tags: ['Photo', 'Sea'] }
    expect(patchFields(record, recordPatchSchema.parse({ add_tags: 'PHOTO, ｓｅａ' })).tags).toEqual([
      'Photo',
      'Sea',
    ])
    expect(patchFields(record, recordPatchSchema.parse({ add_tags: 'dawn' })).tags).toEqual([
      'Photo',
      'Sea',
      'dawn',
    ])
    expect(patchFields(record, recordPatchSchema.parse({ remove_tags: 'ＰＨＯＴＯ' })).tags).toEqual(['Sea'])
  })
})

describe('stored names that predate the rule', () => {
  it('still name their folder in a path, so files can reach it until it is renamed', () => {
    expect(folderPathSchema.parse('/Re\u200bports/2024')).toBe('/Re\u200bports/2024')
    expect(folderPathSchema.safeParse('/evil\u202e').success).toBe(false)
  })
})
