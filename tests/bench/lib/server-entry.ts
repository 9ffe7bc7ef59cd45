/**
 * What the in-process benchmarks run of the real server: the function handlers behind the router that
 * mirrors netlify.toml, the store switch, the Blobs adapters (and the file lock netlify dev runs them
 * with) and the record shard layout. Bundled by `in-process.ts`, since the server's own imports leave
 * out file extensions, which Node does not resolve.
 */
export { routeToFunction } from '../../support/function-router.ts'
export { replaceDocumentStore } from '../../../netlify/server/store.ts'
export { BlobsDocumentStore } from '../../../netlify/server/storage/blobs-store.ts'
export { BlobsByteStore, MemoryByteStore } from '../../../netlify/server/storage/byte-store.ts'
export { parseShard, shardIndexOf, shardKey } from '../../../netlify/server/records/record-shards.ts'
export { FileKeyLock } from '../../../netlify/server/storage/file-lock.ts'
