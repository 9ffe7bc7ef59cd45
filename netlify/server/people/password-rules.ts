import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../src/contract/people-limits'
import { COMMON_LONG_PASSWORDS, COMMON_PASSWORD_CORES } from './common-passwords'

const CORES = new Set(COMMON_PASSWORD_CORES)
const LONG = new Set(COMMON_LONG_PASSWORDS)

/** Symbols people put for the letters they look like. */
const LOOK_ALIKES: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '6': 'g',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
}

/** Runs a keyboard or the alphabet gives, typed either way: `123456789012`, `abcdefghijkl`, `poiuytrewq`. */
const SEQUENCES = [
  '012345678901234567890123456789',
  'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'qazwsxedcrfvtgbyhnujmikolp',
]

/** `text` made of one unit of at most `maxUnit` characters said twice or more: `abcabcabcabc`. */
function repeatsUnit(text: string, maxUnit: number): boolean {
  for (let size = 1; size <= Math.min(maxUnit, text.length / 2); size++) {
    if (text.length % size === 0 && text.slice(0, size).repeat(text.length / size) === text) return true
  }
  return false
}

const RUNS = SEQUENCES.flatMap((run) => [run, Array.from(run).reverse().join('')])

function isSequence(text: string): boolean {
  return RUNS.some((run) => run.includes(text))
}

/** The password's core: lowercased, look-alikes read as letters, digits and symbols trimmed off both ends. */
function coreOf(password: string): string {
  const lower = password.toLowerCase()
  const trimmed = lower.replace(/^[^a-z]+|[^a-z]+$/g, '')
  const core = trimmed === '' ? lower : trimmed
  return core.replace(/[^a-z]/g, (character) => LOOK_ALIKES[character] ?? '')
}

/** Whether `core` is a common core, or one said several times over (`passwordpassword`). */
function isCommonCore(core: string): boolean {
  if (CORES.has(core)) return true
  for (const common of CORES) {
    if (core.length % common.length === 0 && common.repeat(core.length / common.length) === core) return true
  }
  return false
}

/**
 * Why `password` may not be used, or null when it may: at least `PASSWORD_MIN_LENGTH` characters,
 * not one of the most common (COMMON_LONG_PASSWORDS, or a common core with digits and symbols around
 * it), not one character or a short unit repeated, not a run along the keyboard or the alphabet, and
 * not the person's own email or name. Spaces count as characters: a passphrase of four words is what
 * the rule hopes for.
 */
export function passwordProblem(
  password: string,
  personal: { email?: string; name?: string } = {},
): string | null {
  const length = Array.from(password).length
  if (length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${String(PASSWORD_MIN_LENGTH)} characters`
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `The password must be at most ${String(PASSWORD_MAX_LENGTH)} characters`
  }
  const common = 'This password is one of the most common: choose another, such as a few unrelated words'
  const lower = password.toLowerCase()
  const squeezed = lower.replace(/\s+/g, '')
  if (LONG.has(lower) || LONG.has(squeezed)) return common
  if (repeatsUnit(squeezed, 6) || isSequence(squeezed)) return common
  const core = coreOf(squeezed)
  if (isCommonCore(core)) return common
  const personalWords = [personal.email?.split('@')[0], personal.email, personal.name]
    .filter((word): word is string => word !== undefined && word.length >= 3)
    .map((word) => coreOf(word.toLowerCase().replace(/\s+/g, '')))
  if (personalWords.some((word) => word.length >= 3 && (core === word || squeezed === word))) {
    return 'The password must not be your email or your name'
  }
  return null
}
