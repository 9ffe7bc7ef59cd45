/**
 * Which list the screen has drawn, by the listing store's snapshot version. A reload resolves once the
 * screen shows its answer, not when the store has it: the query over the new list runs in a deferred
 * render that a busy page commits a frame or more later, and "uploaded" must not show before the file.
 */
export class ShownVersion {
  private shown = 0
  private waiters: { version: number; resolve: () => void }[] = []

  /** Called after a commit that drew this version's list, with no query still catching up. */
  mark(version: number): void {
    if (version <= this.shown) return
    this.shown = version
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.version > version) return true
      waiter.resolve()
      return false
    })
  }

  /** Resolves once this version, or a later one, is on the screen. */
  reached(version: number): Promise<void> {
    if (version <= this.shown) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ version, resolve }))
  }
}
