/**
 * JSON with object keys sorted, so two values that mean the same give the same text: the fingerprint of
 * an idempotent create's body (idempotency.ts) and of a record's version (record-etag.ts).
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}
