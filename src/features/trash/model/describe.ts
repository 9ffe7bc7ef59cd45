import type { BatchResponse } from '../../../contract/api'
import type { MediaRecord } from '../../../contract/record'
import { countOf } from '../../../lib/plural'

/** '"Banner" restored' for one file, '3 files restored' for several. */
export function describeDone(
  targets: readonly Pick<MediaRecord, 'id' | 'title'>[],
  outcome: BatchResponse,
  done: string,
): string {
  const [only] = targets
  if (targets.length === 1 && only && outcome.succeeded === 1) return `"${only.title}" ${done}`
  return `${countOf(outcome.succeeded, 'file')} ${done}`
}
