/**
 * A count with its noun: '1 file', '2 files', '0 files'. The singular is only for exactly one; the spec's
 * messages ('{n} files processed successfully') are written for every other count.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${count === 1 ? singular : plural}`
}

/** A count as the screen writes it, with thousands separators: '12,345'. */
export function thousands(count: number): string {
  return count.toLocaleString('en-US')
}
