import type { RecordEdit } from './record-columns'

/**
 * Between two records' search texts in a joined piece. A query holding it is answered record by record
 * instead (a search box never gives one), so no match found in the joined text spans two records.
 */
const SEPARATOR = '\u0000'

/**
 * Characters joined into one piece at most: far below the longest string an engine makes, and one
 * record's character beyond Latin-1 (which makes a string two bytes a character) doubles one piece only.
 * A piece is made in one go between the page's questions: its records' texts made, joined and
 * `charactersOf` (about 10-20 ms at this size, some 15,000 records).
 */
const PIECE_CHARS = 1 << 20

/**
 * The share of the list whose search texts may be tested alone (changed since the join) before the next
 * search joins them again: at 1,000,000 records, 62,500 tests of a few microseconds at most.
 */
const MOST_LOOSE_SHARE = 1 / 16

/**
 * Each record's search text by its position in the list: an array, or the records' texts made on asking
 * (MediaIndex), which the joined text then holds alone, not a string a record beside it.
 */
export interface Haystacks {
  readonly length: number
  at: (position: number) => string | undefined
}

/** The search texts of the records `first` to `first + starts.length - 2`, joined; `starts` indexes it. */
interface Piece {
  first: number
  text: string
  /** Where each record's search text starts in `text`, and one more: the end of the last one. */
  starts: Uint32Array
  /** Which of the letters a-z and digits 0-9 each record's search text holds (`characterBit`), two words a record. */
  characters: Uint32Array
}

/** For each ASCII code, its bit among the letters a-z, and among the digits 0-9 (0 for any other). */
const LETTER_BITS = new Int32Array(128)
const DIGIT_BITS = new Int32Array(128)
for (let code = 97; code <= 122; code++) LETTER_BITS[code] = 1 << (code - 97)
for (let code = 48; code <= 57; code++) DIGIT_BITS[code] = 1 << (code - 48)

/**
 * Where a query of one character is found in a piece's `characters`: its word (0: a-z, 1: 0-9) and bit,
 * or null for any other. A search's first keystroke is one character and matches most of the library;
 * its answer then costs one test a record instead of a scan past every character that isn't it.
 */
function characterBit(code: number): { word: 0 | 1; bit: number } | null {
  if (code >= 128) return null
  const letter = LETTER_BITS[code] ?? 0
  if (letter !== 0) return { word: 0, bit: letter }
  const digit = DIGIT_BITS[code] ?? 0
  return digit !== 0 ? { word: 1, bit: digit } : null
}

/**
 * The letters and digits of `texts`, as `Piece.characters` holds them: one table look-up a character,
 * about 150-200 ms over a million records' 70 million.
 */
function charactersOf(texts: readonly string[]): Uint32Array {
  const characters = new Uint32Array(2 * texts.length)
  for (let record = 0; record < texts.length; record++) {
    const haystack = texts[record] ?? ''
    let letters = 0
    let digits = 0
    for (let at = 0; at < haystack.length; at++) {
      const code = haystack.charCodeAt(at)
      if (code >= 128) continue
      letters |= LETTER_BITS[code] ?? 0
      digits |= DIGIT_BITS[code] ?? 0
    }
    characters[2 * record] = letters
    characters[2 * record + 1] = digits
  }
  return characters
}

/**
 * The piece of `haystacks` starting at record `first`: records up to PIECE_CHARS characters, at least
 * one. Each text is asked for once.
 */
function pieceAt(haystacks: Haystacks, first: number): Piece {
  const texts: string[] = []
  let chars = 0
  for (let end = first; end < haystacks.length; end++) {
    const text = haystacks.at(end) ?? ''
    if (texts.length > 0 && chars + text.length >= PIECE_CHARS) break
    texts.push(text)
    chars += text.length + 1
  }
  const starts = new Uint32Array(texts.length + 1)
  let at = 0
  texts.forEach((text, i) => {
    starts[i] = at
    at += text.length + 1
  })
  starts[texts.length] = at
  return { first, text: texts.join(SEPARATOR) + SEPARATOR, starts, characters: charactersOf(texts) }
}

/** The piece holding the joined record `joined` (one of `pieces`, in order): a binary search. */
function pieceHolding(pieces: readonly Piece[], joined: number): Piece | undefined {
  let low = 0
  let high = pieces.length - 1
  while (low < high) {
    const middle = (low + high + 1) >>> 1
    if ((pieces[middle]?.first ?? 0) <= joined) low = middle
    else high = middle - 1
  }
  return pieces[low]
}

/**
 * The last record of a piece whose search text starts at or before `at`, searching on from the record
 * `from` by galloping: a match in one of the next few records, as a common query has, costs a few steps.
 */
function recordAt(starts: Uint32Array, from: number, at: number): number {
  const last = starts.length - 2
  let low = from
  let step = 1
  while (low + step <= last && (starts[low + step] ?? 0) <= at) {
    low += step
    step *= 2
  }
  let high = Math.min(last, low + step - 1)
  while (low < high) {
    const middle = (low + high + 1) >>> 1
    if ((starts[middle] ?? 0) <= at) low = middle
    else high = middle - 1
  }
  return low
}

/**
 * Every record's search text joined into one string, so a search is one `indexOf` scan that jumps
 * from a match to the next record's start: records without a match are never touched one by one.
 * An edit keeps the joined text: the records it changed or added are tested alone (`loose`), the
 * places of the others are followed (`places`), until so many are loose that the next search joins
 * the texts again.
 */
export class SearchText {
  /** For each record joined, its position in the list now, or -1 once it left or changed; null: the same. */
  private places: Int32Array | null = null
  /** Positions in the list now of the records not in the joined text as they now are. */
  private loose: number[] = []
  /** For each position in the list now, its record's place in the joined text (-1: loose); made on asking. */
  private joinedAt: Int32Array | null = null

  private constructor(
    private readonly joined: Piece[],
    /** How many records the list now has. */
    private count: number,
  ) {}

  static of(haystacks: Haystacks): SearchText {
    return SearchText.joining(haystacks).fill(() => true) as SearchText
  }

  /**
   * The search texts joined a piece at a time (a few milliseconds each at most), for as long as the
   * caller has time: `fill(more)` gives the SearchText once every piece is made, null until then.
   * `haystacks` must not change meanwhile.
   */
  static joining(
    haystacks: Haystacks,
    made: Piece[] = [],
    from = 0,
  ): { fill: (more: () => boolean) => SearchText | null } {
    let first = from
    return {
      fill: (more) => {
        while (first < haystacks.length) {
          const piece = pieceAt(haystacks, first)
          made.push(piece)
          first += piece.starts.length - 1
          if (!more()) break
        }
        return first < haystacks.length ? null : new SearchText(made, haystacks.length)
      },
    }
  }

  /**
   * This text with the records after its own joined on, for the list grown at its end (the next page
   * of a load): its pieces are kept, only the new records are joined. Null when an edit moved records
   * (their places are followed: joining again is simpler). This one is left as it was.
   */
  grown(haystacks: Haystacks): SearchText | null {
    if (this.places !== null || haystacks.length < this.count) return null
    const next = SearchText.joining(haystacks, [...this.joined], this.count).fill(() => true)
    if (next !== null) next.loose = [...this.loose]
    return next
  }

  /**
   * This text after `edit` made a list of `count` records of the one it follows; null when so much of
   * it changed that joining it again is better. This one is not used again.
   */
  edited(edit: RecordEdit, count: number, places: Int32Array | null): SearchText | null {
    if (this.loose.length + edit.added.length > count * MOST_LOOSE_SHARE) return null
    const next = new SearchText(this.joined, count)
    if (places === null) {
      // Every record kept its place: the changed ones are tested alone.
      next.places = this.places
      next.loose = [...new Set([...this.loose, ...edit.added])]
      return next
    }
    const before = this.places
    if (before === null) next.places = places
    else {
      next.places = before
      for (let i = 0; i < before.length; i++) {
        const place = before[i] ?? -1
        before[i] = place < 0 ? -1 : (places[place] ?? -1)
      }
    }
    const kept = this.loose.map((position) => places[position] ?? -1).filter((position) => position >= 0)
    next.loose = [...new Set([...kept, ...edit.added])]
    return next
  }

  /**
   * Whether a record's search text holds `query`, one byte a record in list order (1: it does), written
   * over `hits` (at least a byte a record; only the list's are read or written) and returned.
   */
  matches(query: string, haystacks: Haystacks, hits: Uint8Array = new Uint8Array(this.count)): Uint8Array {
    hits.fill(0, 0, this.count)
    if (query.includes(SEPARATOR)) {
      for (let position = 0; position < this.count; position++)
        if ((haystacks.at(position) ?? '').includes(query)) hits[position] = 1
      return hits
    }
    const { places } = this
    const single = query.length === 1 ? characterBit(query.charCodeAt(0)) : null
    if (single !== null) {
      const { word, bit } = single
      for (const { first, starts, characters } of this.joined) {
        for (let record = 0; record < starts.length - 1; record++) {
          if (((characters[2 * record + word] ?? 0) & bit) === 0) continue
          const position = places === null ? first + record : (places[first + record] ?? -1)
          if (position >= 0) hits[position] = 1
        }
      }
    } else this.scanJoined(query, hits)
    for (const position of this.loose) hits[position] = (haystacks.at(position) ?? '').includes(query) ? 1 : 0
    return hits
  }

  /**
   * The search text of the record now at `position` as the joined text holds it (a slice of its piece,
   * which engines make without copying the characters); null for a record changed or added since the
   * join, whose text is its own.
   */
  textAt(position: number): string | null {
    const joined = this.joinedPlace(position)
    if (joined < 0) return null
    const piece = pieceHolding(this.joined, joined)
    if (piece === undefined) return null
    const record = joined - piece.first
    const end = piece.starts[record + 1]
    return end === undefined ? null : piece.text.slice(piece.starts[record] ?? 0, end - 1)
  }

  /** Where the record now at `position` is in the joined text; -1 when it is not there as it now is. */
  private joinedPlace(position: number): number {
    if (position < 0 || position >= this.count) return -1
    if (this.places === null && this.loose.length === 0) return position < this.joinedCount() ? position : -1
    if (this.joinedAt === null) {
      const joinedAt = new Int32Array(this.count).fill(-1)
      const { places } = this
      const joinedCount = this.joinedCount()
      for (let joined = 0; joined < joinedCount; joined++) {
        const at = places === null ? joined : (places[joined] ?? -1)
        if (at >= 0 && at < this.count) joinedAt[at] = joined
      }
      for (const at of this.loose) joinedAt[at] = -1
      this.joinedAt = joinedAt
    }
    return this.joinedAt[position] ?? -1
  }

  /** How many records the joined text holds. */
  private joinedCount(): number {
    const last = this.joined.at(-1)
    return last === undefined ? 0 : last.first + last.starts.length - 1
  }

  /** Marks in `hits` the joined records whose text holds `query`: one `indexOf` scan a piece. */
  private scanJoined(query: string, hits: Uint8Array): void {
    const { places } = this
    for (const { first, text, starts } of this.joined) {
      let record = 0
      let at = text.indexOf(query)
      while (at !== -1) {
        record = recordAt(starts, record, at)
        const position = places === null ? first + record : (places[first + record] ?? -1)
        if (position >= 0) hits[position] = 1
        at = text.indexOf(query, starts[record + 1] ?? text.length)
      }
    }
  }
}
