import * as z from 'zod'

/**
 * A user-supplied text field: bounded, well-formed Unicode (no lone surrogates, which would not survive
 * a round trip through UTF-8), and free of NUL. `null` reads as empty, as older clients send it.
 */
export const text = (maxChars: number) =>
  z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string()
      .max(maxChars, `must be at most ${String(maxChars)} characters`)
      .refine((value) => value.isWellFormed(), 'must be valid Unicode text')
      .refine((value) => !value.includes('\0'), 'must not contain NUL characters'),
  )

/**
 * A single-line label: `text` in Unicode NFC (so names that look the same are the same), refusing line
 * breaks, C0 and C1 control characters, and the bidirectional overrides that make a name display as
 * something else (`\u202e` turns 'evil\u202etxt.exe' around).
 */
export const label = (maxChars: number) =>
  text(maxChars)
    .pipe(z.string().trim())
    .refine(
      // eslint-disable-next-line no-control-regex -- the point is to find control characters
      (value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value),
      'must not contain control characters',
    )
    .refine(
      (value) => !/[\u202a-\u202e\u2066-\u2069]/.test(value),
      'must not contain bidirectional override characters',
    )
    .transform((value) => value.normalize('NFC'))
