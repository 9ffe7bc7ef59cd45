import { describe, expect, it } from 'vitest'

import { ShownVersion } from '../../../../../src/features/library/api/shown-version'

/** Settles pending promise callbacks, then says which of the waits have resolved. */
async function resolvedOf(waits: Record<string, Promise<void>>): Promise<string[]> {
  const done: string[] = []
  for (const [name, wait] of Object.entries(waits)) void wait.then(() => done.push(name))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done.sort()
}

describe('ShownVersion', () => {
  it('holds a wait until the screen has drawn that list, or a later one', async () => {
    const shown = new ShownVersion()
    const waits = { second: shown.reached(2), third: shown.reached(3) }
    expect(await resolvedOf(waits)).toEqual([])
    shown.mark(1)
    expect(await resolvedOf(waits)).toEqual([])
    // A deferred render can skip a list: drawing the fourth also shows what the second and third held.
    shown.mark(4)
    expect(await resolvedOf(waits)).toEqual(['second', 'third'])
  })

  it('answers at once for a list already drawn, and never goes back', async () => {
    const shown = new ShownVersion()
    shown.mark(5)
    shown.mark(3)
    expect(
      await resolvedOf({ drawn: shown.reached(5), older: shown.reached(2), next: shown.reached(6) }),
    ).toEqual(['drawn', 'older'])
  })
})
