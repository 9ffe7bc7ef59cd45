import { messageOf } from './sync-state'

/**
 * What the record holds on Webflow as far as a round knows: removed with it when the record is gone.
 * (A round that stops leaves the ids as the claims stored them.)
 */
export interface HeldIds {
  itemId: string | undefined
  /** Every asset the record names: its own, and the outdated ones it replaced that are still on Webflow. */
  assetIds: readonly string[]
}

/** A round stopped by `cause` while the record held `held`. */
export class RoundStopped extends Error {
  override name = 'RoundStopped'

  constructor(
    override readonly cause: unknown,
    readonly held: HeldIds,
  ) {
    super(messageOf(cause), { cause })
  }
}

/** Runs a step of a round that holds `held`: a failure stops the round with what it held then. */
export async function holding<T>(held: HeldIds, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw stopOf(error, held)
  }
}

/** The stop a failure means; one already stopped keeps what was held where it stopped. */
export function stopOf(error: unknown, held: HeldIds): RoundStopped {
  return error instanceof RoundStopped ? error : new RoundStopped(error, held)
}
