/**
 * The label rule without zod: what names and tags refuse, how that is said, and how look-alikes compare.
 * The screen's first route uses these; the schemas built on them are in text.ts.
 */

/** Embeddings, overrides and isolates: they reorder the text that follows them. */
export const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u

/**
 * What a label (a title, folder name, tag, category, author or station) may not hold: control characters
 * (Cc: tab and line feed included), format characters (Cf: zero-width space and joiners, direction marks,
 * embeddings, overrides and isolates, the word joiner, the byte order mark, the soft hyphen, tag
 * characters), line and paragraph separators (Zl, Zp), and the Hangul fillers, letters that draw nothing.
 * Each renders as nothing, as a break, or turns the text around it, so a name holding one looks like
 * another name.
 */
const REFUSED_IN_LABELS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u

/** Short names for the refused characters people meet; others are named by code point alone. */
const CHARACTER_NAMES: Readonly<Record<number, string>> = {
  0x07: 'BELL',
  0x08: 'BACKSPACE',
  0x09: 'CHARACTER TABULATION',
  0x0a: 'LINE FEED',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x85: 'NEXT LINE',
  0xad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xe0001: 'LANGUAGE TAG',
  0xe0020: 'TAG SPACE',
  0xe007f: 'CANCEL TAG',
}

/** 'U+200B ZERO WIDTH SPACE': the code point, and its name where one is known. */
export function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
  const name = CHARACTER_NAMES[code] ?? tagCharacterName(code)
  return name ? `${point} ${name}` : point
}

/** The tag characters mirror ASCII (U+E0041 is TAG LATIN CAPITAL LETTER A); letters and digits get names. */
function tagCharacterName(code: number): string | undefined {
  if (code < 0xe0021 || code > 0xe007e) return undefined
  const ascii = String.fromCharCode(code - 0xe0000)
  if (/[A-Z]/.test(ascii)) return `TAG LATIN CAPITAL LETTER ${ascii}`
  if (/[a-z]/.test(ascii)) return `TAG LATIN SMALL LETTER ${ascii.toUpperCase()}`
  if (/[0-9]/.test(ascii)) return `TAG DIGIT ${ascii}`
  return undefined
}

/** How a refused character is spoken of: what it does to the text it sits in. */
function kindOf(character: string): string {
  if (/[\n\r\v\f\u0085\u2028\u2029]/u.test(character)) return 'a line break'
  if (DIRECTION_CONTROLS.test(character)) return 'a text direction control'
  if (/\p{Cc}/u.test(character)) return 'a control character'
  return 'an invisible character'
}

function problemWith(subject: string, character: string): string {
  return `${subject} contains ${kindOf(character)} (${describeCharacter(character)}); remove it.`
}

/**
 * Why `value` cannot be a label, as the sentence the server answers with and the screen's forms show
 * ('Title contains an invisible character (U+200B ZERO WIDTH SPACE); remove it.'), or null when it can.
 * `subject` starts the sentence: 'Title', 'Folder name', 'A tag'.
 */
export function labelProblem(subject: string, value: string): string | null {
  const found = REFUSED_IN_LABELS.exec(value)
  return found ? problemWith(subject, found[0]) : null
}

/**
 * Why free text (a description, notes) cannot be stored, or null. Line breaks and tabs are its own, and
 * joiners and direction marks are needed by some scripts and emoji; only the embeddings, overrides and
 * isolates are refused, since they turn around whatever is shown after them.
 */
export function freeTextProblem(subject: string, value: string): string | null {
  const found = DIRECTION_CONTROLS.exec(value)
  return found ? problemWith(subject, found[0]) : null
}

/** `value` without the characters a label may not hold: what the screen offers to keep. */
export function withoutRefusedCharacters(value: string): string {
  return value.replace(new RegExp(REFUSED_IN_LABELS.source, 'gu'), '')
}

/**
 * What draws nothing once white space is read as one space: Unicode's default-ignorable code points
 * (joiners, direction controls, variation selectors, fillers) and the control and format characters.
 */
const DRAWS_NOTHING = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]/gu

/**
 * The form two labels are compared in, so that look-alikes are the same name: white space runs (line
 * breaks and tabs too) read as one space, what draws nothing dropped, NFKC (a fullwidth 'Ｒ' or a
 * black-letter 'ℜ' is 'R', the ligature 'ﬁ' is 'fi'), case folded (upper then lower case, so 'ß' meets
 * 'SS' and a final 'ς' meets 'σ'), and NFKC again. This follows Unicode's NFKC_Casefold closely enough
 * for names, and lets a name stored before labels refused such characters be found by its clean
 * spelling ('Re\u200bports' is 'Reports'). It is only ever compared, never stored: labels are stored
 * in NFC, as typed.
 */
export function labelKey(value: string): string {
  return value
    .replace(/\s+/gu, ' ')
    .replace(DRAWS_NOTHING, '')
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim()
}

/**
 * Spec section 3: the title defaults to the name up to its first dot ('.env' keeps its whole name),
 * without the invisible and control characters a title may not hold (a name can carry them unseen).
 */
export function titleFromName(name: string): string {
  const head = name.split('.', 1)[0] ?? ''
  return withoutRefusedCharacters(head.trim() === '' ? name : head)
}
