/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context and the page's focus; where it
 * is missing or refuses, the older copy command on a hidden, selected textarea is tried. Rejects when
 * both fail, so the caller can say the text was not copied.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    return
  } catch {
    // Missing (plain http) or refused (no focus, no permission): the copy command may still work.
  }
  if (!copyWithCommand(text)) throw new Error('The browser refused to copy')
}

function copyWithCommand(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  document.body.append(area)
  area.focus()
  area.select()
  try {
    // Deprecated, but the only way to copy where the Clipboard API is missing or refused.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
    focused?.focus()
  }
}
