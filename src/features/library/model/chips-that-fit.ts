/** Room a "+N" chip takes: its padding and about 7 px a character at the chips' 12 px type. */
export function moreChipWidth(hidden: number): number {
  return 16 + 7 * (1 + String(hidden).length)
}

/**
 * How many chips, taken in order, fit on one line of `available` pixels with `gap` between them, leaving
 * room for the "+N" chip that stands for the rest. All of them when they fit without it; all of them too
 * before the line has a width (not laid out yet).
 */
export function chipsThatFit(
  widths: readonly number[],
  available: number,
  gap: number,
  moreWidth: (hidden: number) => number = moreChipWidth,
): number {
  if (available <= 0) return widths.length
  const total = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1)
  if (total <= available) return widths.length
  let used = 0
  let shown = 0
  for (const width of widths) {
    const next = used + (shown > 0 ? gap : 0) + width
    if (next + gap + moreWidth(widths.length - shown - 1) > available) break
    used = next
    shown += 1
  }
  return shown
}
