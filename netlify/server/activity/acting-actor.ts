import { AsyncLocalStorage } from 'node:async_hooks'

import type { ActorSummary } from '../../../src/contract/actor-summary'
import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import type { Actor } from '../../../src/contract/roles'

const acting = new AsyncLocalStorage<ActorSummary>()

/** Who acts when no request does: the scheduled functions (the Trash's purge after its days, cleanup). */
export const SYSTEM_ACTOR: ActorSummary = { type: 'system', id: 'system', name: 'Scheduled task' }

/** With the gate off every call is this owner's (`LOCAL_OWNER`): nobody in particular. */
const LOCAL_OWNER_ID = 'local'

/** The summary the log and a record keep of an actor: no role, which may change after. */
export function actorSummary(actor: Actor | ActorSummary): ActorSummary {
  const cut = (text: string) => text.slice(0, LIMITS.actorTextChars)
  return { type: actor.type, id: cut(actor.id), name: cut(actor.name) }
}

/**
 * Runs `task` as `actor`: every change it stores is recorded as that actor's (decision 0075). `route()`
 * sets it for each call from the gate's answer, so no service signature carries it.
 */
export function actAs<T>(actor: Actor | ActorSummary | null, task: () => Promise<T>): Promise<T> {
  return actor === null ? task() : acting.run(actorSummary(actor), task)
}

/** Who the running request acts as, or the system outside any request. */
export function actingActor(): ActorSummary {
  return acting.getStore() ?? SYSTEM_ACTOR
}

/**
 * Whom a record names as its maker or last changer: the running request's actor, or nobody outside a
 * request and with the gate off, where the caller is nobody in particular.
 */
function recordedActor(): ActorSummary | undefined {
  const actor = acting.getStore()
  return actor && !(actor.type === 'owner' && actor.id === LOCAL_OWNER_ID) ? actor : undefined
}

/** A new record's `created_by`, spread into it. */
export function createdStamp(): Pick<MediaRecord, 'created_by'> {
  const actor = recordedActor()
  return actor ? { created_by: actor } : {}
}

/** A change's `updated_at` and `updated_by`, spread over the record it changes. */
export function updatedStamp(now: Date): Pick<MediaRecord, 'updated_at' | 'updated_by'> {
  const actor = recordedActor()
  return { updated_at: now.toISOString(), ...(actor ? { updated_by: actor } : {}) }
}
