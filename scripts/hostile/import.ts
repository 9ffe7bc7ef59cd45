/**
 * Imports from addresses inside the network (decision 0048): loopback names and addresses, the cloud
 * metadata address, IPv4-mapped IPv6, plain http, file: and data: URLs. Each must be refused with 400
 * naming why, and no record may be stored.
 */

import { base, call, record } from './client.ts'

const HOSTILE_URLS: readonly string[] = [
  'https://localhost/secret.png',
  'https://app.localhost/secret.png',
  'https://127.0.0.1/secret.png',
  'https://2130706433/secret.png',
  'https://0x7f.1/secret.png',
  'https://[::1]/secret.png',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::ffff:127.0.0.1]/secret.png',
  'https://[::ffff:169.254.169.254]/latest/meta-data/',
  'https://10.0.0.1/secret.png',
  'https://192.168.1.1/secret.png',
  'https://100.100.100.200/latest/meta-data/',
  'https://0.0.0.0/secret.png',
  'https://[fd00::1]/secret.png',
  'https://localtest.me/secret.png',
  'http://example.com/photo.png',
  `${base}/api/media`,
  'file:///etc/passwd',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'ftp://example.com/photo.png',
  'https://user:password@example.com/photo.png',
  'https://example.com:22/photo.png',
]

async function recordCount(): Promise<number> {
  let count = 0
  let cursor: string | null = null
  for (;;) {
    const page = await call('GET', `/api/media?limit=5000${cursor ? `&cursor=${cursor}` : ''}`)
    const json = page.json as { records?: unknown[]; next?: string | null } | null
    count += json?.records?.length ?? 0
    if (!json?.next) return count
    cursor = json.next
  }
}

export async function checkImportAddresses(): Promise<void> {
  const before = await recordCount()
  for (const url of HOSTILE_URLS) {
    const answer = await call('POST', '/api/import', { url, title: 'hostile-import' })
    const error = typeof answer.json?.error === 'string' ? answer.json.error : ''
    record(
      `import: ${url.slice(0, 60)}`,
      '400 with a reason',
      `${String(answer.status)} ${error}`,
      answer.status !== 400 || error === '',
    )
  }
  const after = await recordCount()
  record('import: records stored by refused imports', '0', String(after - before), after - before)
}
