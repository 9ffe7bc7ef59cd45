import * as z from 'zod'

import { DIRECTION_CONTROLS, freeTextProblem, labelProblem } from './labels'

export {
  describeCharacter,
  freeTextProblem,
  labelKey,
  labelProblem,
  withoutRefusedCharacters,
} from './labels'

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

/** A single line: trimmed, NFC, refusing C0 and C1 controls and the direction controls. */
function singleLine(maxChars: number) {
  return text(maxChars)
    .pipe(z.string().trim())
    .refine(
      // eslint-disable-next-line no-control-regex -- the point is to find control characters
      (value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value),
      'must not contain control characters',
    )
    .refine((value) => !DIRECTION_CONTROLS.test(value), 'must not contain bidirectional override characters')
    .transform((value) => value.normalize('NFC'))
}

/**
 * A value given back as the server or a media host wrote it (a folder path naming an existing folder,
 * a media URL, a host's public id): one line in NFC without control or direction characters. A folder
 * stored before labels refused invisible characters can still be named by its path.
 */
export const reference = singleLine

/**
 * A label a person reads to tell things apart (a title, category, author, station): one line in NFC
 * (so names that look the same are the same), trimmed, refusing every character `labelProblem` names.
 */
export const label = (maxChars: number, subject: string) =>
  text(maxChars)
    .pipe(z.string().trim())
    .superRefine((value, ctx) => {
      const problem = labelProblem(subject, value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform((value) => value.normalize('NFC'))

/** Free text (a description, notes): any number of lines, refusing the direction controls. */
export const freeText = (maxChars: number, subject: string) =>
  text(maxChars).superRefine((value, ctx) => {
    const problem = freeTextProblem(subject, value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/**
 * Free text that is trimmed and kept in NFC, as labels are, but may hold what free text may (line
 * breaks, joiners): an image's alternative text, which is read aloud rather than told apart.
 */
export const trimmedFreeText = (maxChars: number, subject: string) =>
  text(maxChars)
    .pipe(z.string().trim())
    .superRefine((value, ctx) => {
      const problem = freeTextProblem(subject, value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform((value) => value.normalize('NFC'))
