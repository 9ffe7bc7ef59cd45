/**
 * A Markdown reader for the Details preview: the common blocks (headings, paragraphs, lists, quotes,
 * fenced code, rules) and inlines (code, strong, emphasis, links). It builds a tree of plain values, never
 * HTML: the view renders text as React text, so markup in a file is shown, never run, and HTML written in
 * the Markdown stays visible as the characters it is. Links keep only http(s) and mailto addresses;
 * images are shown as their alternative text, so a preview fetches nothing the file names.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string | null; children: Inline[] }

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' }

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/
const FENCE = /^(```|~~~)/
const RULE = /^ {0,3}([-*_])( *\1){2,} *$/
const BULLET = /^ {0,3}[-*+]\s+(.*)$/
const NUMBERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/
const QUOTE = /^ {0,3}>\s?(.*)$/

/** The blocks of a Markdown text. */
export function parseMarkdown(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n'))
}

function parseLines(lines: readonly string[]): Block[] {
  const blocks: Block[] = []
  let index = 0
  while (index < lines.length) {
    const line = lines[index] ?? ''
    if (line.trim() === '') {
      index++
      continue
    }
    const fence = FENCE.exec(line.trimStart())
    if (fence) {
      const body: string[] = []
      index++
      while (index < lines.length && !(lines[index] ?? '').trimStart().startsWith(fence[1] ?? '```')) {
        body.push(lines[index] ?? '')
        index++
      }
      index++
      blocks.push({ kind: 'code', text: body.join('\n') })
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2] ?? '') })
      index++
      continue
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' })
      index++
      continue
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = []
      while (index < lines.length && QUOTE.test(lines[index] ?? '')) {
        quoted.push(QUOTE.exec(lines[index] ?? '')?.[1] ?? '')
        index++
      }
      blocks.push({ kind: 'quote', blocks: parseLines(quoted) })
      continue
    }
    const numbered = NUMBERED.exec(line)
    if (BULLET.test(line) || numbered) {
      const ordered = numbered !== null
      const pattern = ordered ? NUMBERED : BULLET
      const items: string[] = []
      while (index < lines.length) {
        const current = lines[index] ?? ''
        const match = pattern.exec(current)
        if (match) items.push(match[ordered ? 2 : 1] ?? '')
        // An indented line carries on the item before it.
        else if (current.trim() !== '' && /^\s+/.test(current) && items.length > 0)
          items[items.length - 1] = `${items[items.length - 1] ?? ''} ${current.trim()}`
        else break
        index++
      }
      blocks.push({
        kind: 'list',
        ordered,
        start: ordered ? Number(numbered[1]) : 1,
        items: items.map(parseInline),
      })
      continue
    }
    const paragraph: string[] = []
    while (index < lines.length) {
      const current = lines[index] ?? ''
      if (current.trim() === '' || startsBlock(current)) break
      paragraph.push(current.trim())
      index++
    }
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) })
  }
  return blocks
}

function startsBlock(line: string): boolean {
  return (
    HEADING.test(line) ||
    FENCE.test(line.trimStart()) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line)
  )
}

/** The address a link may open, or null: only web and mail addresses, never scripts or data. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim()
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null
}

/** The inlines of one block's text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = []
  let plain = ''
  const flush = () => {
    if (plain !== '') out.push({ kind: 'text', text: plain })
    plain = ''
  }
  let index = 0
  while (index < text.length) {
    const rest = text.slice(index)
    const code = /^(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/.exec(rest)
    if (code) {
      flush()
      out.push({ kind: 'code', text: (code[2] ?? '').trim() })
      index += code[0].length
      continue
    }
    const link = /^(!?)\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/.exec(rest)
    if (link) {
      flush()
      // An image is its alternative text: a preview loads nothing the file points at.
      if (link[1] === '!') out.push({ kind: 'text', text: link[2] ?? '' })
      else out.push({ kind: 'link', href: safeHref(link[3] ?? ''), children: parseInline(link[2] ?? '') })
      index += link[0].length
      continue
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest)
    if (strong) {
      flush()
      out.push({ kind: 'strong', children: parseInline(strong[2] ?? '') })
      index += strong[0].length
      continue
    }
    const em = /^([*_])(?=\S)([\s\S]*?\S)\1(?![*_])/.exec(rest)
    if (em && !(em[1] === '_' && /\w$/.test(plain))) {
      flush()
      out.push({ kind: 'em', children: parseInline(em[2] ?? '') })
      index += em[0].length
      continue
    }
    // A backslash keeps the next character as it is.
    if (rest.startsWith('\\') && rest.length > 1) {
      plain += rest.charAt(1)
      index += 2
      continue
    }
    plain += rest.charAt(0)
    index++
  }
  flush()
  return out
}
