import { describeFailure } from '../../../lib/api-errors'
import { DownloadStatusError } from '../../../lib/download'
import { formatBytes } from '../../../lib/format-bytes'
import { countOf } from '../../../lib/plural'

/** The archive's own entry listing what is missing from it. */
export const REPORT_NAME = 'download-report.txt'

/** A file that is not in the archive (`bytesRead` 0) or is in it only in part. */
export interface FileProblem {
  name: string
  title: string
  reason: unknown
  bytesRead: number
  /** The bytes expected; 0 when unknown. */
  size: number
}

/** Why a file could not be read, in a few words. */
export function reasonOf(problem: FileProblem): string {
  const { reason } = problem
  const broke =
    problem.bytesRead > 0
      ? `the transfer broke off after ${formatBytes(problem.bytesRead)}${problem.size > 0 ? ` of ${formatBytes(problem.size)}` : ''}`
      : null
  if (reason instanceof DownloadStatusError) {
    if (reason.status === 404 || reason.status === 410) return 'it is no longer on the server (404)'
    if (reason.status === 401 || reason.status === 403) {
      return `the server refused to send it (${String(reason.status)})`
    }
    return `the server answered ${String(reason.status)}`
  }
  if (broke !== null) return broke
  return (
    describeFailure(reason) ?? (reason instanceof Error && reason.message ? reason.message : 'unknown error')
  )
}

function localTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** The text of `download-report.txt`: how many files made it, then each one that did not, and why. */
export function reportText(zippedCount: number, problems: readonly FileProblem[], made: Date): string {
  const missing = problems.filter((problem) => problem.bytesRead === 0)
  const partial = problems.filter((problem) => problem.bytesRead > 0)
  const line = (problem: FileProblem) => `- ${problem.name} ("${problem.title}"): ${reasonOf(problem)}`
  const lines = [
    `Download report, ${localTime(made)}`,
    '',
    `${String(zippedCount)} of ${countOf(zippedCount + problems.length, 'file')} are in this archive whole.`,
  ]
  if (missing.length > 0) {
    lines.push('', `Not in this archive (${countOf(missing.length, 'file')}):`, ...missing.map(line))
  }
  if (partial.length > 0) {
    lines.push('', `Cut short, only the first part is in this archive (${countOf(partial.length, 'file')}):`)
    lines.push(...partial.map(line))
  }
  lines.push('', 'Try downloading these again from the library.', '')
  return lines.join('\r\n')
}

/** Files a toast names before it says how many more there are. */
const NAMED_IN_TOAST = 3

/** Up to three of `items`, then how many more: `a, b, c and 2 more`. */
function firstFew(items: readonly string[], separator: string): string {
  const named = items.slice(0, NAMED_IN_TOAST).join(separator)
  const more = items.length - NAMED_IN_TOAST
  return more > 0 ? `${named} and ${String(more)} more` : named
}

/**
 * The finishing toast's description: how many made it and which did not, each with why when none
 * did (there is no report to read then).
 */
export function problemSummary(zippedCount: number, problems: readonly FileProblem[]): string {
  const total = zippedCount + problems.length
  if (zippedCount === 0) {
    const why = firstFew(
      problems.map((problem) => `${problem.name}: ${reasonOf(problem)}`),
      '; ',
    )
    return `No archive was made, since none of the ${countOf(total, 'file')} could be read. ${why}.`
  }
  const names = firstFew(
    problems.map((problem) => problem.name),
    ', ',
  )
  return `${String(zippedCount)} of ${countOf(total, 'file')} zipped; ${String(problems.length)} could not be read: ${names}. ${REPORT_NAME} in the archive says why.`
}
