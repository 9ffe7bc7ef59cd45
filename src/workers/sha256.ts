/**
 * SHA-256 (FIPS 180-4) fed in pieces. `crypto.subtle.digest` is one-shot, so hashing a file larger than
 * memory comfortably holds needs an incremental implementation; this one keeps 64 bytes of state.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

const INITIAL_STATE = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]

export class Sha256 {
  private readonly state = new Int32Array(INITIAL_STATE)
  private readonly words = new Int32Array(64)
  private readonly pending = new Uint8Array(64)
  private pendingLength = 0
  private totalBytes = 0
  private finished = false

  update(data: Uint8Array): this {
    if (this.finished) throw new Error('Sha256: update after digest')
    this.totalBytes += data.length
    let offset = 0
    if (this.pendingLength > 0) {
      const take = Math.min(64 - this.pendingLength, data.length)
      this.pending.set(data.subarray(0, take), this.pendingLength)
      this.pendingLength += take
      offset = take
      if (this.pendingLength < 64) return this
      this.compress(this.pending, 0)
      this.pendingLength = 0
    }
    for (; offset + 64 <= data.length; offset += 64) this.compress(data, offset)
    if (offset < data.length) {
      this.pending.set(data.subarray(offset), 0)
      this.pendingLength = data.length - offset
    }
    return this
  }

  /** The digest as 64 lower-case hex digits; the instance cannot be fed afterwards. */
  digestHex(): string {
    return Array.from(this.digest(), (byte) => byte.toString(16).padStart(2, '0')).join('')
  }

  /** The raw 32-byte digest; the instance cannot be fed afterwards. */
  digest(): Uint8Array {
    const bitLength = this.totalBytes * 8
    const padding = new Uint8Array(
      this.pendingLength < 56 ? 64 - this.pendingLength : 128 - this.pendingLength,
    )
    padding[0] = 0x80
    const view = new DataView(padding.buffer)
    // The length is a 64-bit big-endian bit count; files stay far below 2^53 bits.
    view.setUint32(padding.length - 8, Math.floor(bitLength / 0x1_0000_0000))
    view.setUint32(padding.length - 4, bitLength >>> 0)
    const total = this.totalBytes
    this.update(padding)
    this.totalBytes = total
    this.finished = true
    const out = new Uint8Array(32)
    const outView = new DataView(out.buffer)
    this.state.forEach((word, index) => {
      outView.setUint32(index * 4, word >>> 0)
    })
    return out
  }

  private compress(block: Uint8Array, offset: number): void {
    const w = this.words
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4
      w[i] =
        ((block[j] ?? 0) << 24) |
        ((block[j + 1] ?? 0) << 16) |
        ((block[j + 2] ?? 0) << 8) |
        (block[j + 3] ?? 0)
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15] ?? 0
      const y = w[i - 2] ?? 0
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) | 0
    }
    const s = this.state
    let a = s[0] ?? 0
    let b = s[1] ?? 0
    let c = s[2] ?? 0
    let d = s[3] ?? 0
    let e = s[4] ?? 0
    let f = s[5] ?? 0
    let g = s[6] ?? 0
    let h = s[7] ?? 0
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
      const ch = (e & f) ^ (~e & g)
      const t1 = (h + S1 + ch + (K[i] ?? 0) + (w[i] ?? 0)) | 0
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
      const maj = (a & b) ^ (a & c) ^ (b & c)
      const t2 = (S0 + maj) | 0
      h = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    s[0] = ((s[0] ?? 0) + a) | 0
    s[1] = ((s[1] ?? 0) + b) | 0
    s[2] = ((s[2] ?? 0) + c) | 0
    s[3] = ((s[3] ?? 0) + d) | 0
    s[4] = ((s[4] ?? 0) + e) | 0
    s[5] = ((s[5] ?? 0) + f) | 0
    s[6] = ((s[6] ?? 0) + g) | 0
    s[7] = ((s[7] ?? 0) + h) | 0
  }
}
