/** The headers a build's `_headers` text gives every path (`/*`). */
export function headersForEveryPath(rules: string): Record<string, string> {
  const headers: Record<string, string> = {}
  let applies = false
  for (const line of rules.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      applies = line.trim() === '/*'
      continue
    }
    const colon = line.indexOf(':')
    if (applies && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim()
  }
  return headers
}
