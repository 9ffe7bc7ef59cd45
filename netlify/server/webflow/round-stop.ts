import { messageOf } from './sync-state'

/** The Webflow ids a record holds as far as a round knows: kept when it fails, removed when it is gone. */
export interface HeldIds {
  itemId: string | undefined
  assetId: string | undefined
  /** The `imageVersion` the held asset was made at: kept with it, so that a later round knows it outdated. */
  imageVersion: string | undefined
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
