import { setImmediate as nextTurn } from 'node:timers/promises'

import type { DocumentStore } from '../../netlify/server/storage/document-store'
import { isMutation, type Interceptor } from './store-interceptor'

/** Another writer that gets in first: given a document's current value, what it writes instead. */
export type Interference = (value: unknown) => unknown

export interface RaceProbeOptions {
  /** At most this many event-loop turns are given away before and after each call. */
  maxYields?: number
  /**
   * Makes some conditional writes lose a race for real: with `probability`, another writer rewrites
   * the document (through `interfere`) just before the write, so the write's etag no longer holds.
   */
  collide?: { probability: number; keys: RegExp; interfere: Interference }
  random?: () => number
}

/**
 * Makes an atomic in-memory store interleave like a network store, and counts what happened: between
 * the read and the write of a compare-and-swap, other requests run for a random number of event-loop
 * turns, so lost races really occur, and `lostRaces` shows that they did.
 */
export class RaceProbe {
  calls = 0
  mutations = 0
  conditionalWrites = 0
  /** Conditional writes whose condition no longer held: each is a race some writer lost. */
  lostRaces = 0
  /** The key of each write another writer was made to get ahead of (`collide`). */
  readonly collisions: string[] = []

  private readonly maxYields: number
  private readonly random: () => number

  constructor(
    private readonly documents: DocumentStore,
    private readonly options: RaceProbeOptions = {},
  ) {
    this.maxYields = options.maxYields ?? 3
    this.random = options.random ?? Math.random
  }

  readonly intercept: Interceptor = async (call, proceed) => {
    this.calls++
    if (isMutation(call)) this.mutations++
    await this.yieldSome()
    if (call.op === 'write' && 'ifMatch' in call.condition) await this.maybeCollide(call.key)
    const result = await proceed()
    if (call.op === 'write') {
      this.conditionalWrites++
      if (result === null) this.lostRaces++
    }
    await this.yieldSome()
    return result
  }

  private async yieldSome(): Promise<void> {
    const turns = Math.floor(this.random() * (this.maxYields + 1))
    for (let turn = 0; turn < turns; turn++) await nextTurn()
  }

  private async maybeCollide(key: string): Promise<void> {
    const collide = this.options.collide
    if (!collide || !collide.keys.test(key) || this.random() >= collide.probability) return
    const current = await this.documents.read(key)
    if (current === null) return
    if (
      (await this.documents.write(key, collide.interfere(current.value), { ifMatch: current.etag })) !== null
    ) {
      this.collisions.push(key)
    }
  }
}
