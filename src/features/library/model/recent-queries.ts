/** Query results kept per index: enough for a word typed and deleted again, small enough to ignore. */
const KEPT = 12

interface Result {
  /** Every filter and the sort, but not the search text. */
  scope: string
  query: string
  positions: Uint32Array
}

/**
 * The latest query results of one index. Typing on narrows a query, and a query that contains an
 * earlier one matches a subset of its results, already in order: only those need the search test.
 * Deleting back returns to a query already answered.
 */
export class RecentQueries {
  private readonly results: Result[] = []

  /**
   * The positions for `query` within `scope`: remembered, or made by `search`, which gets the earlier
   * results it may narrow (null to search everything).
   */
  answer(scope: string, query: string, search: (within: Uint32Array | null) => Uint32Array): Uint32Array {
    const same = this.results.findIndex((each) => each.scope === scope && each.query === query)
    if (same !== -1) {
      const [result] = this.results.splice(same, 1)
      if (result !== undefined) {
        this.results.unshift(result)
        return result.positions
      }
    }
    let within: Uint32Array | null = null
    for (const each of this.results) {
      if (each.scope !== scope || !query.includes(each.query)) continue
      if (within === null || each.positions.length < within.length) within = each.positions
    }
    const positions = search(within)
    this.results.unshift({ scope, query, positions })
    this.results.length = Math.min(this.results.length, KEPT)
    return positions
  }
}
