/**
 * Crash consistency (research K1): every multi-step operation is run once to learn its store calls,
 * then again with the k-th call failing, for every k and every fault mode that call admits. After each
 * faulted run: the answer is honest (a 2xx only when the operation completed, otherwise a 5xx JSON
 * error), the state is one the operation passes through safely, a retry completes it, and a repair pass
 * finds nothing to fix. A second repair pass after the upload expiry may collect leftover bytes, and a
 * third finds nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { runRepair } from '../../../netlify/server/repair/run-repair'
import type { ViolationKind } from '../../../netlify/server/repair/repair-log'
import { FaultInjector, faultModesFor, type FaultMode } from '../../support/fault-injector'
import { describeCall } from '../../support/store-interceptor'
import { FAULT_SCENARIOS, type FaultScenario, type ScenarioNotes } from '../../support/fault-scenarios'
import { freshStores, send, settings, type Answer } from '../../support/in-process-api'

/** What may be left for the pass after the expiry: bytes nobody points at, never a broken record. */
const LEFTOVER_KINDS = new Set<ViolationKind>(['unreferenced-file', 'orphan-chunks', 'expired-upload'])

interface Tally {
  steps: number
  cases: number
  completedDespiteFault: number
  failedHonestly: number
  leftoversCollected: number
  duplicates: number
  byMode: Record<FaultMode, number>
}

const tallies = new Map<string, Tally>()

beforeEach(() => {
  // Failing handlers log their errors; this test reads their answers instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

function expectHonestFailure(answer: Answer, path: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(500)
  expect(answer.body).toMatchObject({ error: expect.any(String) as unknown })
  // The JSON endpoints say when to try again; tus clients retry a 5xx on their own schedule.
  if (answer.status === 503 && !path.startsWith('/api/uploads')) {
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
  }
}

async function repairAfterwards(raw: Parameters<typeof runRepair>[0]): Promise<number> {
  const now = await runRepair(raw, settings())
  expect(now.violations).toEqual([])
  const later = new Date(Date.now() + settings().expiryMs + 3_600_000)
  const collected = await runRepair(raw, settings(), { now: later })
  for (const violation of collected.violations) {
    expect(LEFTOVER_KINDS.has(violation.kind), JSON.stringify(violation)).toBe(true)
    expect(violation.repaired).toBe(true)
  }
  expect((await runRepair(raw, settings(), { now: later })).violations).toEqual([])
  return collected.violations.length
}

async function runScenario(scenario: FaultScenario): Promise<Tally> {
  const injector = new FaultInjector()
  const notes: ScenarioNotes = { duplicates: 0 }

  // The clean run: how many store calls the operation makes, and which.
  let raw = freshStores(() => injector.intercept)
  let run = await scenario.prepare(raw, notes)
  injector.reset()
  const clean = await send(run.request)
  const trace = [...injector.calls]
  expect(run.okStatuses).toContain(clean.status)
  run.checkAnswer?.(clean)
  await run.assertDone()

  const tally: Tally = {
    steps: trace.length,
    cases: 0,
    completedDespiteFault: 0,
    failedHonestly: 0,
    leftoversCollected: 0,
    duplicates: 0,
    byMode: { crash: 0, unavailable: 0, unconfirmed: 0, 'lost-response': 0 },
  }
  for (const [index, call] of trace.entries()) {
    for (const mode of faultModesFor(call)) {
      const where = `${scenario.name}: ${mode} at call ${String(index + 1)}, ${describeCall(call)}`
      injector.disarm()
      raw = freshStores(() => injector.intercept)
      run = await scenario.prepare(raw, notes)
      injector.arm(index + 1, mode)
      const answer = await send(run.request)
      injector.disarm()
      expect(injector.fired?.op, where).toBe(call.op)

      if (answer.status < 300) {
        // Honest success: the operation completed although a call failed (it was retried inside).
        expect(run.okStatuses, where).toContain(answer.status)
        run.checkAnswer?.(answer)
        await run.assertDone()
        tally.completedDespiteFault++
      } else {
        expectHonestFailure(answer, run.request.path)
        await run.assertConsistent()
        if (run.retry) await run.retry()
        else expect(run.retryStatuses, where).toContain((await send(run.request)).status)
        await run.assertDone()
        tally.failedHonestly++
      }
      tally.leftoversCollected += await repairAfterwards(raw)
      await run.assertSettled?.()
      tally.cases++
      tally.byMode[mode]++
    }
  }
  tally.duplicates = notes.duplicates
  console.log(
    `${scenario.name}: ${String(tally.steps)} store calls, ${String(tally.cases)} faulted runs ` +
      `(${Object.entries(tally.byMode)
        .map(([mode, count]) => `${mode} ${String(count)}`)
        .join(', ')}); ${String(tally.completedDespiteFault)} completed despite the fault (2xx), ` +
      `${String(tally.failedHonestly)} answered 5xx and completed on retry; ` +
      `${String(notes.duplicates)} duplicate records from retried creates; ` +
      `${String(tally.leftoversCollected)} leftovers collected by the repair pass after the expiry`,
  )
  return tally
}

describe('a fault at every store call of every multi-step operation', () => {
  for (const scenario of FAULT_SCENARIOS) {
    it(
      scenario.name,
      async () => {
        const tally = await runScenario(scenario)
        tallies.set(scenario.name, tally)
        expect(tally.cases).toBeGreaterThan(tally.steps)
        expect(tally.duplicates, 'records created twice by a retried create').toBe(0)
      },
      120_000,
    )
  }

  it('ran every (operation, call, mode) case', () => {
    const all = [...tallies.values()]
    const cases = all.reduce((sum, tally) => sum + tally.cases, 0)
    console.log(
      `Fault injection: ${String(cases)} (operation, k, mode) cases over ${String(all.length)} operations, ` +
        `${String(all.reduce((sum, tally) => sum + tally.failedHonestly, 0))} honest 5xx, ` +
        `${String(all.reduce((sum, tally) => sum + tally.completedDespiteFault, 0))} honest 2xx, 0 dishonest`,
    )
    expect(all).toHaveLength(FAULT_SCENARIOS.length)
  })
})
