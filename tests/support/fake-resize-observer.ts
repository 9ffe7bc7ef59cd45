/** A ResizeObserver the test notifies by hand, as the browser does after its layout. */
export class FakeResizeObserver {
  static all: FakeResizeObserver[] = []
  readonly observed = new Set<Element>()
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this)
  }
  observe(element: Element) {
    this.observed.add(element)
  }
  unobserve(element: Element) {
    this.observed.delete(element)
  }
  disconnect() {
    this.observed.clear()
  }
  static notify() {
    for (const one of FakeResizeObserver.all) {
      const entries = [...one.observed].map((target) => ({ target }) as ResizeObserverEntry)
      one.callback(entries, one)
    }
  }
}
