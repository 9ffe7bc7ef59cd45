const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

/** Spec section 9: Bytes/KB/MB/GB, base 1024, two decimals (trailing zeros dropped, as `toFixed` + Number). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  const value = Number((bytes / 1024 ** exponent).toFixed(2))
  return `${String(value)} ${UNITS[exponent] ?? 'GB'}`
}
