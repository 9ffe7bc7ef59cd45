import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Passwords are kept only as scrypt hashes, each with its own 16-byte salt, written
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url) so the cost can be raised later without losing
 * the hashes made before.
 *
 * N = 2^15, r = 8, p = 1 uses 32 MiB and about 60-250 ms of one core per hash here (decision 0074):
 * the strongest cost a function answers a sign-in within well under a second with, on a shared machine
 * too. OWASP's minimum for scrypt is 2^17; raise `COST` when functions get faster cores.
 */
export interface ScryptCost {
  log2N: number
  r: number
  p: number
}

export const COST: ScryptCost = { log2N: 15, r: 8, p: 1 }

const SALT_BYTES = 16
const HASH_BYTES = 32

function derive(password: string, salt: Buffer, { log2N, r, p }: ScryptCost): Promise<Buffer> {
  const N = 2 ** log2N
  // scrypt needs 128 * N * r bytes; Node refuses more than 32 MiB unless told.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, HASH_BYTES, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const hash = await derive(password, salt, cost)
  const parts = [String(cost.log2N), String(cost.r), String(cost.p), salt.toString('base64url')]
  return ['scrypt', ...parts, hash.toString('base64url')].join('$')
}

const STORED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([\w-]{16,64})\$([\w-]{32,128})$/

/** Whether `password` is the one `stored` was made from; false for anything not shaped like a hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored)
  if (!match) return false
  const [, log2N = '', r = '', p = '', salt = '', hash = ''] = match
  const expected = Buffer.from(hash, 'base64url')
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) }
  if (cost.log2N < 10 || cost.log2N > 20) return false
  const given = await derive(password, Buffer.from(salt, 'base64url'), cost)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Checks `password` the way `verifyPassword` checks it against a hash made at `COST`, against nothing:
 * a sign-in for an email nobody has takes as long as one with a wrong password, so timing does not tell
 * them apart. No hash is prepared first, so the first such check of an instance costs no more either.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  const given = await derive(password, randomBytes(SALT_BYTES), COST)
  timingSafeEqual(given, randomBytes(HASH_BYTES))
  return false
}
