import { describe, expect, it } from 'vitest'

import { siteOrigins, SiteOriginUnknownError } from '../../../../netlify/server/http/site-origin'

const forged = (origin: string) => new Request(`${origin}/api/upload`, { method: 'POST' })
const DEPLOY = {
  deploy: { context: 'deploy-preview', id: '65f0c1d2e3a4b5c6d7e8f901' },
  site: { name: 'media' },
}

describe('siteOrigins', () => {
  it("takes both from netlify dev's URL and DEPLOY_URL, whatever the request says", () => {
    const env = { URL: 'http://localhost:8888', DEPLOY_URL: 'http://localhost:8888', NETLIFY_DEV: 'true' }
    expect(siteOrigins(forged('https://attacker.example.test'), env, null)).toEqual({
      jobs: 'http://localhost:8888',
      public: 'http://localhost:8888',
    })
  })

  it("on Netlify sends jobs to the running deploy, and gives out the site's URL in production only", () => {
    const env = { URL: 'https://media.example.com' }
    const preview = siteOrigins(forged('https://attacker.example.test'), env, DEPLOY)
    expect(preview).toEqual({
      jobs: 'https://65f0c1d2e3a4b5c6d7e8f901--media.netlify.app',
      public: 'https://65f0c1d2e3a4b5c6d7e8f901--media.netlify.app',
    })
    const production = siteOrigins(undefined, env, {
      ...DEPLOY,
      deploy: { ...DEPLOY.deploy, context: 'production' },
    })
    expect(production).toEqual({
      jobs: 'https://65f0c1d2e3a4b5c6d7e8f901--media.netlify.app',
      public: 'https://media.example.com',
    })
  })

  it('PUBLIC_ORIGIN overrides the public origin only, and must be an http(s) origin', () => {
    const env = { URL: 'https://media.netlify.app', PUBLIC_ORIGIN: 'https://media.example.com/' }
    expect(siteOrigins(undefined, env, null)).toEqual({
      jobs: 'https://media.netlify.app',
      public: 'https://media.example.com',
    })
    expect(siteOrigins(undefined, { PUBLIC_ORIGIN: 'https://media.example.com' }, null).jobs).toBe(
      'https://media.example.com',
    )
    for (const bad of [
      'media.example.com',
      'ftp://media.example.com',
      'https://media.example.com/app',
      'https://u:p@media.example.com',
      'https://media.example.com/?x=1',
    ]) {
      expect(() => siteOrigins(undefined, { PUBLIC_ORIGIN: bad }, null), bad).toThrow(
        /PUBLIC_ORIGIN must be an origin/,
      )
    }
  })

  it("falls back to the request's origin only under netlify dev and for a loopback host", () => {
    expect(siteOrigins(forged('http://127.0.0.1:8888'), { NETLIFY_DEV: 'true' }, null).public).toBe(
      'http://127.0.0.1:8888',
    )
    expect(() => siteOrigins(forged('https://attacker.example.test'), { NETLIFY_DEV: 'true' }, null)).toThrow(
      SiteOriginUnknownError,
    )
    expect(() => siteOrigins(forged('http://localhost:8888'), {}, null)).toThrow(SiteOriginUnknownError)
  })
})
