import { describe, expect, it } from 'vitest'

import { holding, RoundStopped, stopOf } from '../../../../netlify/server/webflow/round-stop'

const start = { itemId: 'item-1', assetIds: [] }
const later = { itemId: 'item-1', assetIds: ['asset-1', 'outdated-asset'] }

describe('holding', () => {
  it('answers what the step answers', async () => {
    await expect(holding(start, () => Promise.resolve(42))).resolves.toBe(42)
  })

  it('stops the round with the failure and what was held while the step ran', async () => {
    const failure = new Error('Webflow answered 500')
    const stop: unknown = await holding(later, () => Promise.reject(failure)).catch((error: unknown) => error)
    expect(stop).toBeInstanceOf(RoundStopped)
    expect(stop).toMatchObject({ cause: failure, held: later, message: 'Webflow answered 500' })
  })

  it('keeps what the innermost step held when steps are nested', async () => {
    const stop: unknown = await holding(start, () =>
      holding(later, () => {
        throw new Error('refused')
      }),
    ).catch((error: unknown) => error)
    expect(stop).toMatchObject({ held: later })
  })
})

describe('stopOf', () => {
  it('gives a failure outside any step what the round started holding', () => {
    const failure = new Error('storage unavailable')
    expect(stopOf(failure, start)).toMatchObject({ cause: failure, held: start })
  })
})
