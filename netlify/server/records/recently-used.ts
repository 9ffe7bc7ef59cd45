import type { DocumentStore } from '../storage/document-store'

/**
 * A map that holds at most `bound` worth of values, each weighed by `weigh` (1 by default, so `bound`
 * counts entries), the one used longest ago making room. A value heavier than the whole bound is not
 * kept at all.
 */
export class RecentlyUsed<V> {
  private readonly entries = new Map<string, V>()
  private weight = 0

  constructor(
    private readonly bound: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size
  }

  /** The value under `key`, which is now the last to make room. */
  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value === undefined) return undefined
    this.entries.delete(key)
    this.entries.set(key, value)
    return value
  }

  /** Keeps `value` under `key`, dropping the values used longest ago while the weight passes the bound. */
  set(key: string, value: V): void {
    this.delete(key)
    const weight = this.weigh(value)
    if (weight > this.bound) return
    this.entries.set(key, value)
    this.weight += weight
    for (const oldest of this.entries.keys()) {
      if (this.weight <= this.bound) break
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key)
    if (value === undefined) return
    this.entries.delete(key)
    this.weight -= this.weigh(value)
  }
}

/**
 * One `RecentlyUsed` per store, made by `make` when a store is first seen: tests with separate stores
 * never share entries, and a store no longer used takes its entries with it.
 */
export function recentlyUsedPerStore<V>(
  make: () => RecentlyUsed<V>,
): (store: DocumentStore) => RecentlyUsed<V> {
  const perStore = new WeakMap<DocumentStore, RecentlyUsed<V>>()
  return (store) => {
    let kept = perStore.get(store)
    if (kept === undefined) {
      kept = make()
      perStore.set(store, kept)
    }
    return kept
  }
}
