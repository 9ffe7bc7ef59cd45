/**
 * Uploads to Cloudinary in Chromium under the build's own Content-Security-Policy, on a site behind the
 * access gate. A Cloudinary stand-in on 127.0.0.1 answers in Cloudinary's wire format and checks every
 * signature; this file builds the screen for it (`VITE_CLOUDINARY_API_BASE` and, as a custom delivery
 * domain, `VITE_CLOUDINARY_DELIVERY_BASE` pointing there, with an unsigned preset that the gated build
 * must leave out) and serves the build from a netlify dev of its own with the token and the account's
 * key and secret.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { build } from 'vite'

import {
  createProjectDir,
  removeProjectDir,
  REPO_ROOT,
  startNetlifyDev,
  type NetlifyDev,
} from '../support/netlify-dev'
import { STAND_IN_API_KEY, STAND_IN_API_SECRET } from '../support/cloudinary-handlers'
import { startCloudinaryStandIn, type CloudinaryStandIn } from '../support/cloudinary-stand-in'
import { watchCsp } from './support/csp-watch'
import { fixturePath } from './support/library'
import { expect, test } from './support/fixtures'
import { card, toast } from './support/screen'

const TOKEN = 'e2e-cloudinary-gate-token-5c0e9a41'
const PRESET = 'e2e_unsigned_preset_never_shipped'

let standIn: CloudinaryStandIn
let dir = ''
let dev: NetlifyDev | undefined

test.use({ resetLibrary: false })
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  standIn = await startCloudinaryStandIn({ cloudName: 'demo' })
  dir = await createProjectDir()
  // The build reads its settings from the project's .env (its envDir), the access token included.
  const env = join(dir, '.env')
  await writeFile(
    env,
    [
      'VITE_CLOUDINARY_CLOUD_NAME=demo',
      `VITE_CLOUDINARY_UPLOAD_PRESET=${PRESET}`,
      `VITE_CLOUDINARY_API_BASE=${standIn.origin}`,
      `VITE_CLOUDINARY_DELIVERY_BASE=${standIn.origin}`,
      `APP_ACCESS_TOKEN=${TOKEN}`,
      '',
    ].join('\n'),
  )
  await build({
    root: REPO_ROOT,
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    envDir: dir,
    logLevel: 'error',
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, sourcemap: false },
  })
  await rm(env)
  dev = await startNetlifyDev(dir, {
    env: {
      APP_ACCESS_TOKEN: TOKEN,
      CLOUDINARY_CLOUD_NAME: 'demo',
      CLOUDINARY_API_KEY: STAND_IN_API_KEY,
      CLOUDINARY_API_SECRET: STAND_IN_API_SECRET,
    },
  })
})

test.afterAll(async () => {
  await dev?.stop()
  await standIn.close()
  if (dir) await removeProjectDir(dir)
})

test('the gated build uploads signed to the configured Cloudinary origin with no CSP violation', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const base = dev?.baseUrl ?? ''

  // The build leaves the preset out and its policy names the stand-in, and only there.
  const assets = join(dir, 'dist', 'assets')
  // Files only: the API reference's Swagger UI sits in a folder of its own there.
  const files = (await readdir(assets, { withFileTypes: true })).filter((entry) => entry.isFile())
  const code = await Promise.all(files.map((entry) => readFile(join(assets, entry.name), 'utf8')))
  expect(code.some((text) => text.includes(PRESET))).toBe(false)
  const policy = (await page.request.get(`${base}/`)).headers()['content-security-policy'] ?? ''
  // The delivery hosts too: the text and PDF previews read files with fetch.
  expect(policy).toContain(`connect-src 'self' ${standIn.origin} https://res.cloudinary.com;`)
  expect(policy).toContain(`img-src 'self' data: blob: https://res.cloudinary.com ${standIn.origin};`)
  expect(policy).not.toContain('api.cloudinary.com')

  const csp = await watchCsp(page)
  expect((await page.request.post(`${base}/api/access`, { data: { token: TOKEN } })).status()).toBe(204)
  await page.goto(`${base}/`)
  await expect(page.getByText('No files found')).toBeVisible()

  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  await dialog
    .getByLabel('Choose files to upload')
    .setInputFiles([fixturePath('landscape.jpg'), fixturePath('portrait.png')])
  await dialog.getByRole('button', { name: 'Start upload' }).click()
  await expect(toast(page, 'All 2 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })

  // Cloudinary got two signed uploads (the stand-in refuses a bad signature) and never a preset.
  expect(standIn.received).toHaveLength(2)
  for (const upload of standIn.received) {
    expect(Object.keys(upload.fields).sort()).toEqual(['api_key', 'folder', 'signature', 'timestamp'])
    expect(upload.fields.folder).toBe('HIBF_assets')
  }

  // Both records are saved, pointing at the delivery origin; their thumbnails load from there.
  const listed = await page.request.get(`${base}/api/media`)
  const { records } = (await listed.json()) as {
    records: { title: string; media_url: string; public_id: string | null; thumbnail: string | null }[]
  }
  expect(records.map((record) => record.title).sort()).toEqual(['landscape', 'portrait'])
  for (const record of records) {
    expect(record.media_url.startsWith(`${standIn.origin}/demo/image/upload/`)).toBe(true)
    expect(record.public_id).toMatch(/^HIBF_assets\//)
    await expect
      .poll(() =>
        card(page, record.title)
          .locator('.thumbnail img')
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0)
  }
  expect(await csp.violations()).toEqual([])
})
