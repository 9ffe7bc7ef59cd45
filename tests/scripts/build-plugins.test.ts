import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { build } from 'vite'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { dropsPreset, unsignedPresetPlugin } from '../../scripts/cloudinary-preset'
import { contentSecurityPolicy, contentSecurityPolicyPlugin, headersFile } from '../../scripts/csp'
import { withoutNodeRequire } from '../../scripts/exifr-browser'

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ')
      return [name, sources.join(' ')]
    }),
  )

describe('the Content-Security-Policy of a build', () => {
  it('names no Cloudinary origin when Cloudinary is not configured', () => {
    const policy = contentSecurityPolicy({ VITE_CLOUDINARY_API_BASE: 'https://proxy.example' })
    expect(policy).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; worker-src 'self' blob:; frame-src 'self' https://view.officeapps.live.com; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    )
    expect(policy).not.toContain('cloudinary')
  })

  it("allows Cloudinary's API and delivery hosts when it is the media host", () => {
    expect(directives(contentSecurityPolicy({ VITE_CLOUDINARY_CLOUD_NAME: 'demo' }))).toMatchObject({
      'img-src': "'self' data: blob: https://res.cloudinary.com",
      'media-src': "'self' blob: https://res.cloudinary.com",
      'connect-src': "'self' https://api.cloudinary.com https://res.cloudinary.com",
    })
  })

  it('follows a configured API base and delivery domain, by origin only, and nothing wider', () => {
    const policy = directives(
      contentSecurityPolicy({
        VITE_CLOUDINARY_CLOUD_NAME: 'demo',
        VITE_CLOUDINARY_API_BASE: 'http://127.0.0.1:43210/cloudinary/',
        VITE_CLOUDINARY_DELIVERY_BASE: 'https://media.example.com/assets',
      }),
    )
    expect(policy['connect-src']).toBe(
      "'self' http://127.0.0.1:43210 https://res.cloudinary.com https://media.example.com",
    )
    expect(policy['img-src']).toBe("'self' data: blob: https://res.cloudinary.com https://media.example.com")
    expect(policy['media-src']).toBe("'self' blob: https://res.cloudinary.com https://media.example.com")
    expect(policy['default-src']).toBe("'self'")
  })

  it('names an origin once in connect-src when the API and delivery share it', () => {
    const policy = directives(
      contentSecurityPolicy({
        VITE_CLOUDINARY_CLOUD_NAME: 'demo',
        VITE_CLOUDINARY_API_BASE: 'http://127.0.0.1:43210/api',
        VITE_CLOUDINARY_DELIVERY_BASE: 'http://127.0.0.1:43210/res',
      }),
    )
    expect(policy['connect-src']).toBe("'self' http://127.0.0.1:43210 https://res.cloudinary.com")
  })

  it('fails the build for an origin that is not an http(s) URL', () => {
    for (const value of ['api.cloudinary.com', 'javascript:alert(1)', 'https://x.example; script-src *']) {
      expect(() =>
        contentSecurityPolicy({ VITE_CLOUDINARY_CLOUD_NAME: 'demo', VITE_CLOUDINARY_API_BASE: value }),
      ).toThrow(/VITE_CLOUDINARY_API_BASE must be an http\(s\) URL/)
    }
  })

  it('is written for every path in _headers', () => {
    expect(headersFile('default-src x').split('\n').slice(1)).toEqual([
      '/*',
      '  Content-Security-Policy: default-src x',
      '',
    ])
  })
})

describe('the unsigned preset', () => {
  it('is left out when the access token is set, even blank, and a preset is configured', () => {
    expect(dropsPreset({ APP_ACCESS_TOKEN: 'a'.repeat(32), VITE_CLOUDINARY_UPLOAD_PRESET: 'p' })).toBe(true)
    expect(dropsPreset({ APP_ACCESS_TOKEN: '', VITE_CLOUDINARY_UPLOAD_PRESET: 'p' })).toBe(true)
    expect(dropsPreset({ VITE_CLOUDINARY_UPLOAD_PRESET: 'p' })).toBe(false)
    expect(dropsPreset({ APP_ACCESS_TOKEN: 'a'.repeat(32), VITE_CLOUDINARY_UPLOAD_PRESET: ' ' })).toBe(false)
  })
})

describe('a real build with both plugins', () => {
  let root = ''
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'mfm-build-plugins-'))
    await writeFile(join(root, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>')
    await writeFile(
      join(root, 'main.js'),
      'console.log(JSON.stringify(import.meta.env), import.meta.env.VITE_CLOUDINARY_UPLOAD_PRESET)\n',
    )
    await writeFile(
      join(root, '.env'),
      'VITE_CLOUDINARY_CLOUD_NAME=demo\nVITE_CLOUDINARY_UPLOAD_PRESET=secret_unsigned_preset\nVITE_CLOUDINARY_API_BASE=http://127.0.0.1:9/\n',
    )
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await rm(root, { recursive: true, force: true })
  })

  async function buildIn(): Promise<{ headers: string; code: string; warnings: string[] }> {
    const warnings: string[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message))
    })
    try {
      await build({
        root,
        configFile: false,
        logLevel: 'warn',
        plugins: [unsignedPresetPlugin(), contentSecurityPolicyPlugin()],
        build: { outDir: join(root, 'dist'), emptyOutDir: true, minify: false },
      })
    } finally {
      warn.mockRestore()
    }
    const assets = await readdir(join(root, 'dist', 'assets'))
    const code = (
      await Promise.all(assets.map((name) => readFile(join(root, 'dist', 'assets', name), 'utf8')))
    ).join('\n')
    return { headers: await readFile(join(root, 'dist', '_headers'), 'utf8'), code, warnings }
  }

  it('writes _headers from the settings and keeps the preset on an open site', async () => {
    vi.stubEnv('APP_ACCESS_TOKEN', undefined)
    const { headers, code, warnings } = await buildIn()
    expect(headers).toContain("connect-src 'self' http://127.0.0.1:9 https://res.cloudinary.com;")
    expect(code).toContain('secret_unsigned_preset')
    expect(warnings.join('\n')).not.toContain('VITE_CLOUDINARY_UPLOAD_PRESET')
  })

  it('leaves the preset out, with a warning, when the site is behind the access gate', async () => {
    vi.stubEnv('APP_ACCESS_TOKEN', 'a-long-random-token-0123456789')
    const { headers, code, warnings } = await buildIn()
    expect(code).not.toContain('secret_unsigned_preset')
    expect(code).toContain('VITE_CLOUDINARY_CLOUD_NAME')
    expect(warnings.join('\n')).toContain('VITE_CLOUDINARY_UPLOAD_PRESET is left out of this build')
    expect(headers).toContain("connect-src 'self' http://127.0.0.1:9 https://res.cloudinary.com;")
  })
})

describe("exifr's browser build", () => {
  it('loads optional modules with import() alone, naming no require for the bundler to stand in for', async () => {
    const code = await readFile(join('node_modules', 'exifr', 'dist', 'full.esm.mjs'), 'utf8')
    expect(code).toContain('require')
    const rewritten = withoutNodeRequire(code)
    expect(rewritten).not.toContain('require')
    expect(rewritten).toContain('import(/* webpackIgnore: true */ e).then(t)')
  })
})
