import { AsyncLocalStorage } from 'node:async_hooks'

import type { ActivityActor } from '../../../src/contract/activity'
import type { Actor } from '../../../src/contract/roles'

const acting = new AsyncLocalStorage<ActivityActor>()

/** Who acts when no request does: the scheduled functions (the Trash's purge after its days, cleanup). */
export const SYSTEM_ACTOR: ActivityActor = { type: 'system', id: 'system', name: 'Scheduled task' }

/** The summary the log and a record keep of an actor: no role, which may change after. */
export function actorSummary(actor: Actor | ActivityActor): ActivityActor {
  return { type: actor.type, id: actor.id, name: actor.name }
}

/**
 * Runs `task` as `actor`: every change it stores is recorded as that actor's (decision 0075). `route()`
 * sets it for each call from the gate's answer, so no service signature carries it.
 */
export function actAs<T>(actor: Actor | ActivityActor | null, task: () => Promise<T>): Promise<T> {
  return actor === null ? task() : acting.run(actorSummary(actor), task)
}

/** Who the running request acts as, or the system outside any request. */
export function actingActor(): ActivityActor {
  return acting.getStore() ?? SYSTEM_ACTOR
}
