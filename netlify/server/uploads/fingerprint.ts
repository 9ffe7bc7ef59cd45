import { createHash } from 'node:crypto'

import {
  concatBlockDigests,
  FINGERPRINT_BLOCK_BYTES,
  fingerprintBlockCount,
  fingerprintBlockRange,
} from '../../../src/contract/fingerprint'
import type { ByteStore } from '../storage/byte-store'
import { StorageUnavailableError } from '../storage/document-store'
import type { StoredChunk } from './upload-documents'

/**
 * The server's side of the file fingerprint (`src/contract/fingerprint.ts`): the SHA-256 of each block
 * is kept in the upload state as chunks complete blocks, and the fingerprint is taken over them when the
 * upload finishes. Only bytes the server received count; nothing the client claims does.
 */

/** What the server knows of an upload's bytes: the chunks stored so far and the digests of whole blocks. */
export interface ReceivedBytes {
  length: number
  /** Stored chunks, in order, covering the file from byte 0 without gaps. */
  chunks: readonly StoredChunk[]
  /** Hex SHA-256 of blocks 0, 1, ... already hashed. */
  blocks: readonly string[]
}

/**
 * The digests of the blocks that become complete once the bytes up to `end` are in, beyond those
 * `received.blocks` already holds. `pending` are bytes not stored yet, starting where the stored chunks
 * end (a PATCH being applied). A block's earlier bytes are read back from their stored chunks only when
 * the block was not completed by one chunk alone; aligned 4 MiB chunks never read anything back.
 */
export async function newBlockDigests(
  bytes: ByteStore,
  received: ReceivedBytes,
  end: number,
  pending?: { offset: number; bytes: Uint8Array },
): Promise<string[]> {
  const complete =
    end >= received.length
      ? fingerprintBlockCount(received.length)
      : Math.floor(end / FINGERPRINT_BLOCK_BYTES)
  const digests: string[] = []
  for (let index = received.blocks.length; index < complete; index++) {
    const range = fingerprintBlockRange(index, received.length)
    const hash = createHash('sha256')
    const pieces = await blockPieces(bytes, received.chunks, range, pending)
    const covered = pieces.reduce((sum, piece) => sum + piece.length, 0)
    if (covered !== range.end - range.start) {
      throw new Error(`Block ${String(index)} is not fully stored (${String(covered)} bytes)`)
    }
    for (const piece of pieces) hash.update(piece)
    digests.push(hash.digest('hex'))
  }
  return digests
}

/** The fingerprint from every block's digest: SHA-256 over the raw digests, as hex. */
export function fingerprintOf(blocks: readonly string[]): string {
  const raw = concatBlockDigests(blocks.map((hex) => Buffer.from(hex, 'hex')))
  return createHash('sha256').update(raw).digest('hex')
}

/** The bytes of one block, in order: slices of stored chunks (read back) and of the pending bytes. */
async function blockPieces(
  bytes: ByteStore,
  chunks: readonly StoredChunk[],
  { start, end }: { start: number; end: number },
  pending: { offset: number; bytes: Uint8Array } | undefined,
): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = []
  for (const chunk of chunks) {
    const chunkEnd = chunk.start + chunk.size
    if (chunkEnd <= start || chunk.start >= end) continue
    const stored = await bytes.get(chunk.key)
    if (stored?.length !== chunk.size) {
      throw new StorageUnavailableError(`Chunk ${chunk.key} could not be read back to fingerprint the file`)
    }
    pieces.push(
      stored.subarray(Math.max(start, chunk.start) - chunk.start, Math.min(end, chunkEnd) - chunk.start),
    )
  }
  if (pending) {
    const pendingEnd = pending.offset + pending.bytes.length
    if (pendingEnd > start && pending.offset < end) {
      pieces.push(
        pending.bytes.subarray(
          Math.max(start, pending.offset) - pending.offset,
          Math.min(end, pendingEnd) - pending.offset,
        ),
      )
    }
  }
  return pieces
}
