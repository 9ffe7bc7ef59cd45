/**
 * A strict reader of `Content-Disposition` (RFC 6266 with RFC 8187 `filename*`), for checking what the
 * server sends rather than what a forgiving browser would make of it: anything outside the grammar, a
 * parameter given twice, or a `filename*` that does not decode is an error.
 */

export interface Disposition {
  type: string
  /** Parameter names lower-cased; `filename*` decoded to its Unicode text. */
  params: Map<string, string>
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
// qdtext (HTAB, SP, printable ASCII except `"` and `\`, obs-text) or a quoted pair.
const QUOTED = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t \\x21-\\x7e\\x80-\\xff])*"'
// charset ' [language] ' value-chars, the value being attr-chars and percent-escapes only.
const EXT_VALUE = "[A-Za-z0-9!#$%&+^_`{}~-]+'[A-Za-z0-9-]*'(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+.^_`|~-])*"
const PARAM = new RegExp(`;[ \\t]*(${TOKEN})[ \\t]*=[ \\t]*(${QUOTED}|${TOKEN})[ \\t]*`, 'y')
const TYPE = new RegExp(`(${TOKEN})[ \\t]*`, 'y')
const EXT_VALUE_WHOLE = new RegExp(`^${EXT_VALUE}$`)

function unquote(value: string): string {
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value
}

function decodeExtValue(raw: string): string {
  if (!EXT_VALUE_WHOLE.test(raw)) throw new Error(`filename* is not an RFC 8187 ext-value: ${raw}`)
  const [charset = '', , encoded = ''] = raw.split("'")
  if (charset.toLowerCase() !== 'utf-8') throw new Error(`filename* charset is ${charset}, not UTF-8`)
  return decodeURIComponent(encoded)
}

export function parseContentDisposition(header: string): Disposition {
  TYPE.lastIndex = 0
  const typeMatch = TYPE.exec(header)
  if (!typeMatch?.[1]) throw new Error(`no disposition type in ${JSON.stringify(header)}`)
  const params = new Map<string, string>()
  let index = TYPE.lastIndex
  while (index < header.length) {
    PARAM.lastIndex = index
    const match = PARAM.exec(header)
    if (!match?.[1] || match[2] === undefined) {
      throw new Error(`unparseable from ${String(index)}: ${JSON.stringify(header.slice(index))}`)
    }
    const name = match[1].toLowerCase()
    if (params.has(name)) throw new Error(`parameter ${name} given twice in ${JSON.stringify(header)}`)
    params.set(name, name.endsWith('*') ? decodeExtValue(match[2]) : unquote(match[2]))
    index = PARAM.lastIndex
  }
  return { type: typeMatch[1].toLowerCase(), params }
}
