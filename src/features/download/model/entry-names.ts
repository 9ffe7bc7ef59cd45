/** The longest name an entry gets, in characters: common file systems stop at 255 bytes. */
const MAX_NAME_CHARS = 120

/** Path separators, characters Windows refuses, C0 and C1 controls and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g

/** Names Windows keeps for devices, whatever the extension. */
const DEVICE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/i

/** Splits `photo.jpg` into `photo` and `.jpg`; a name without a dot (or only a leading one) has no extension. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
}

/**
 * A name that stays one file wherever the archive is opened: no folders, no control characters, no
 * leading dots (`..` included), no trailing dots or spaces, no device names, at most 120 characters.
 */
export function safeEntryName(name: string, fallback = 'file'): string {
  const cleaned = name
    .replace(UNSAFE, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
  const [base, extension] = splitExtension(cleaned || fallback)
  const kept = extension.length >= MAX_NAME_CHARS ? '' : extension
  const short =
    Array.from(base)
      .slice(0, MAX_NAME_CHARS - kept.length)
      .join('')
      .trim() || fallback
  return `${DEVICE_NAMES.test(short) ? `_${short}` : short}${kept}`
}

/**
 * Gives each name a form no earlier one has taken, ignoring case as Windows and macOS do: the second
 * `photo.jpg` becomes `photo (2).jpg`, the third `photo (3).jpg`. `reserved` names are taken from the
 * start (the archive's own report).
 */
export function uniqueNames(names: readonly string[], reserved: readonly string[] = []): string[] {
  const taken = new Set(reserved.map((name) => name.toLowerCase()))
  return names.map((name) => {
    const [base, extension] = splitExtension(name)
    let candidate = name
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) {
      candidate = `${base} (${String(copy)})${extension}`
    }
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

/** `media-3-files-2026-11-24.zip`, with the local date. */
export function archiveName(count: number, now = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')
  return `media-${String(count)}-files-${day}.zip`
}
