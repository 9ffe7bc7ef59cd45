import { describe, expect, it } from 'vitest'

import {
  COST,
  hashPassword,
  verifyAgainstNobody,
  verifyPassword,
} from '../../../../netlify/server/people/passwords'

const PASSWORD = 'ample lantern orbit quietly'

describe('password hashes', () => {
  it('are scrypt with the cost and a salt of their own written in, and never hold the password', async () => {
    const [one, two] = [await hashPassword(PASSWORD), await hashPassword(PASSWORD)]
    expect(one).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(COST).toEqual({ log2N: 15, r: 8, p: 1 })
    expect(one).not.toBe(two)
    expect(one).not.toContain(PASSWORD)
  })

  it('verify the password and nothing else', async () => {
    const stored = await hashPassword(PASSWORD)
    expect(await verifyPassword(PASSWORD, stored)).toBe(true)
    for (const other of ['', PASSWORD.toUpperCase(), `${PASSWORD} `, PASSWORD.slice(1)]) {
      expect(await verifyPassword(other, stored)).toBe(false)
    }
  })

  it('refuse what is not shaped like a hash, and costs out of bounds, without computing', async () => {
    const stored = await hashPassword(PASSWORD)
    for (const broken of ['', PASSWORD, stored.replace('scrypt$15', 'scrypt$30'), stored.slice(0, -10)]) {
      expect(await verifyPassword(PASSWORD, broken)).toBe(false)
    }
  })

  it('still verify hashes made at an older cost', async () => {
    const cheaper = await hashPassword(PASSWORD, { log2N: 12, r: 8, p: 1 })
    expect(await verifyPassword(PASSWORD, cheaper)).toBe(true)
  })

  it('take the same time to refuse against nobody as against a real hash', async () => {
    const stored = await hashPassword(PASSWORD)
    await verifyAgainstNobody('warm up')
    const time = async (check: () => Promise<boolean>) => {
      const start = performance.now()
      expect(await check()).toBe(false)
      return performance.now() - start
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
    const known: number[] = []
    const unknown: number[] = []
    for (let round = 0; round < 5; round++) {
      known.push(await time(() => verifyPassword('a wrong guess of a password', stored)))
      unknown.push(await time(() => verifyAgainstNobody('a wrong guess of a password')))
    }
    const ratio = median(known) / median(unknown)
    console.log(`scrypt N=2^15 r=8 p=1: ${median(known).toFixed(0)} ms a check (median of 5)`)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })
})
