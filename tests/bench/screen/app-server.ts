/**
 * One production build served as the deployed site serves it (unknown paths answer index.html), with the
 * two list endpoints the screen reads at start answered from seeded data, and every thumbnail answered
 * with the same 24 KB PNG. `/api/media` answers the whole list in one page (`next: null`), as the spec's
 * plain call may: the mount figure then covers indexing and rendering every record at once, the worst
 * case, rather than the first 2,000 of the real API's pages.
 */
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

import { thumbnailPng } from './thumbnail-png.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

export interface AppData {
  /** The records as the API's JSON page, serialised once. */
  media: Buffer
  folders: Buffer
}

export function appData(records: readonly unknown[], folders: readonly unknown[]): AppData {
  return {
    media: Buffer.from(JSON.stringify({ records, next: null })),
    folders: Buffer.from(JSON.stringify(folders)),
  }
}

export interface AppServer {
  origin: string
  close: () => Promise<void>
}

export async function serveApp(directory: string, data: AppData): Promise<AppServer> {
  const thumbnail = thumbnailPng()
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const send = (body: Buffer, type: string) => {
      response.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length })
      response.end(body)
    }
    if (path === '/api/media') {
      send(data.media, 'application/json')
      return
    }
    if (path === '/api/folder-list') {
      send(data.folders, 'application/json')
      return
    }
    if (path.startsWith('/.netlify/images') || path.startsWith('/HIBF_assets/')) {
      send(thumbnail, 'image/png')
      return
    }
    const file = join(directory, path)
    readFile(file)
      .then((body) => {
        send(body, TYPES[extname(file)] ?? 'application/octet-stream')
      })
      .catch(() =>
        readFile(join(directory, 'index.html')).then((body) => {
          send(body, 'text/html')
        }),
      )
      .catch(() => {
        response.writeHead(500).end()
      })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => {
          done()
        })
      }),
  }
}
