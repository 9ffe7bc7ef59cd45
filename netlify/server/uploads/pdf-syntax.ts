/**
 * The little of PDF's syntax the page count needs (ISO 32000-1, 7.2 and 7.3): a lexer and a parser of
 * one object's value, both paying for every character they look at out of a `ReadBudget`, so that no
 * input, however hostile, costs more than the budget: the reader's cost grows with the bytes it reads,
 * never with their square.
 */

/** The reader ran out of work units or of time: it gives up, and the file's page count is unknown. */
export class BudgetSpentError extends Error {
  override name = 'BudgetSpentError'
}

/** How often, in units of work, the budget looks at the clock. */
const CLOCK_EVERY_UNITS = 64 * 1024

/**
 * What one read may cost: `units` of work (a character looked at, a byte inflated) and a deadline. Every
 * loop of the reader pays as it goes, so running out stops it wherever it is.
 */
export class ReadBudget {
  /** Units spent so far: how much work the read did, whatever the clock says. */
  spent = 0
  private nextClockCheck = CLOCK_EVERY_UNITS

  constructor(
    readonly units: number,
    readonly deadline: number,
  ) {}

  spend(units: number): void {
    this.spent += units
    if (this.spent > this.units) throw new BudgetSpentError(`Spent more than ${String(this.units)} units`)
    if (this.spent >= this.nextClockCheck) {
      this.nextClockCheck = this.spent + CLOCK_EVERY_UNITS
      this.checkClock()
    }
  }

  checkClock(): void {
    if (Date.now() > this.deadline) throw new BudgetSpentError('Out of time')
  }
}

const WHITESPACE = charSet('\0\t\n\f\r ')
const DELIMITERS = charSet('()<>[]{}/%')

function charSet(chars: string): Uint8Array {
  const set = new Uint8Array(256)
  for (const char of chars) set[char.charCodeAt(0)] = 1
  return set
}

export const isWhitespace = (code: number) => WHITESPACE[code] === 1
/** A character that may be part of a name, a number or a keyword. */
export const isRegular = (code: number) =>
  !Number.isNaN(code) && code < 256 && !WHITESPACE[code] && !DELIMITERS[code]
export const isDigit = (code: number) => code >= 48 && code <= 57

type Token =
  | { type: '<<' | '>>' | '[' | ']' | 'string' | 'junk' }
  | { type: 'name'; value: string }
  | { type: 'word'; value: string }

/** Tokens of `text` from `start` to `end`; each character is looked at once and paid for. */
class Lexer {
  constructor(
    private readonly text: string,
    public position: number,
    private readonly end: number,
    private readonly budget: ReadBudget,
  ) {}

  next(): Token | null {
    this.skipSpace()
    if (this.position >= this.end) return null
    const from = this.position
    const token = this.token()
    this.budget.spend(this.position - from)
    return token
  }

  private token(): Token {
    const { text } = this
    const char = text[this.position]
    const following = text[this.position + 1]
    if ((char === '<' || char === '>') && following === char) {
      this.position += 2
      return { type: char === '<' ? '<<' : '>>' }
    }
    this.position++
    switch (char) {
      case '[':
      case ']':
        return { type: char }
      case '(':
        this.skipLiteralString()
        return { type: 'string' }
      case '<':
        while (this.position < this.end && text[this.position] !== '>') this.position++
        this.position++
        return { type: 'string' }
      case '/':
        return { type: 'name', value: decodeName(this.regularRun()) }
      default:
        if (!isRegular(text.charCodeAt(this.position - 1))) return { type: 'junk' }
        this.position--
        return { type: 'word', value: this.regularRun() }
    }
  }

  private regularRun(): string {
    const from = this.position
    while (this.position < this.end && isRegular(this.text.charCodeAt(this.position))) this.position++
    return this.text.slice(from, this.position)
  }

  /** Past the `)` that closes a literal string (they nest; `\` escapes), or to the end. */
  private skipLiteralString(): void {
    let depth = 1
    while (this.position < this.end && depth > 0) {
      const char = this.text[this.position++]
      if (char === '\\') this.position++
      else if (char === '(') depth++
      else if (char === ')') depth--
    }
  }

  private skipSpace(): void {
    const from = this.position
    while (this.position < this.end) {
      const code = this.text.charCodeAt(this.position)
      if (code === 37 /* % */) {
        while (this.position < this.end && !isEndOfLine(this.text.charCodeAt(this.position))) this.position++
      } else if (isWhitespace(code)) this.position++
      else break
    }
    this.budget.spend(this.position - from)
  }
}

const isEndOfLine = (code: number) => code === 10 || code === 13

/** A name's `#xx` escapes decoded (`/Pa#67es` is `/Pages`). */
function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw
}

/**
 * A parsed value, keeping only what the page count reads: whole numbers, names, references, arrays and
 * dictionaries. Anything else (strings, reals, booleans, null) is `other`, and so is the value of a key
 * given twice in one dictionary: which one a reader would believe is unknowable, so neither is.
 */
export type PdfValue =
  | { kind: 'int'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'other' }

const OTHER: PdfValue = { kind: 'other' }

/** Deeper nesting than any page tree's dictionaries need is taken for a hostile file. */
const MAX_DEPTH = 32

interface Container {
  type: '<<' | '['
  items: PdfValue[]
}

/**
 * The value written at `start` in `text` (not past `end`) and where it ends, or null when it is cut off,
 * malformed or nested too deep. Looks at each character once.
 */
export function parseValue(
  text: string,
  start: number,
  end: number,
  budget: ReadBudget,
): { value: PdfValue; end: number } | null {
  const lexer = new Lexer(text, start, end, budget)
  const open: Container[] = []
  for (;;) {
    const token = lexer.next()
    if (token === null) return null
    let value: PdfValue
    switch (token.type) {
      case '<<':
      case '[':
        if (open.length >= MAX_DEPTH) return null
        open.push({ type: token.type, items: [] })
        continue
      case ']':
      case '>>': {
        const closed = open.pop()
        if (closed?.type !== (token.type === ']' ? '[' : '<<')) return null
        const made =
          token.type === ']' ? { kind: 'array' as const, items: closed.items } : dictOf(closed.items)
        if (!made) return null
        value = made
        break
      }
      case 'name':
        value = { kind: 'name', value: token.value }
        break
      case 'word': {
        const items = open.at(-1)?.items
        if (token.value === 'R') {
          const ref = items && referenceFrom(items)
          if (!ref) return null
          value = ref
        } else if (/^[+-]?\d{1,15}$/.test(token.value)) {
          value = { kind: 'int', value: Number(token.value) }
        } else if (/^(obj|endobj|stream|endstream|trailer|xref|startxref)$/.test(token.value)) {
          // A keyword that no value holds: the value was never closed.
          return null
        } else value = OTHER
        break
      }
      case 'string':
        value = OTHER
        break
      case 'junk':
        return null
    }
    const container = open.at(-1)
    if (!container) return { value, end: lexer.position }
    container.items.push(value)
  }
}

/** `N G R`: the two whole numbers before `R` become a reference. */
function referenceFrom(items: PdfValue[]): PdfValue | null {
  const [num, gen] = items.slice(-2)
  if (num?.kind !== 'int' || gen?.kind !== 'int' || num.value < 0 || gen.value < 0) return null
  items.length -= 2
  return { kind: 'ref', num: num.value, gen: gen.value }
}

function dictOf(items: readonly PdfValue[]): PdfValue | null {
  if (items.length % 2 !== 0) return null
  const entries = new Map<string, PdfValue>()
  for (let index = 0; index < items.length; index += 2) {
    const [key, value] = [items[index], items[index + 1]]
    if (key?.kind !== 'name' || value === undefined) return null
    entries.set(key.value, entries.has(key.value) ? OTHER : value)
  }
  return { kind: 'dict', entries }
}

/** The entry `key` of a dictionary, or undefined when `value` is not one or lacks it. */
export function entryOf(value: PdfValue | null | undefined, key: string): PdfValue | undefined {
  return value?.kind === 'dict' ? value.entries.get(key) : undefined
}

export function intOf(value: PdfValue | undefined): number | null {
  return value?.kind === 'int' ? value.value : null
}

export function nameOf(value: PdfValue | undefined): string | null {
  return value?.kind === 'name' ? value.value : null
}

/** The whole numbers written in `text` from `start` to `end`, up to the first thing that is not one. */
export function integersIn(text: string, start: number, end: number, budget: ReadBudget): number[] {
  const lexer = new Lexer(text, start, end, budget)
  const found: number[] = []
  for (
    let token = lexer.next();
    token?.type === 'word' && /^\d{1,15}$/.test(token.value);
    token = lexer.next()
  ) {
    found.push(Number(token.value))
  }
  return found
}
