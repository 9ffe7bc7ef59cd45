import { afterEach, describe, expect, it, vi } from 'vitest'

import { storeNames } from '../../../netlify/server/env'

/** Which Blobs stores a deploy uses (decision 0036). */
const UNSET = { MEDIA_STORE: undefined, MEDIA_FILES_STORE: undefined }

describe('storeNames', () => {
  it('gives production, netlify dev and an unknown context the site stores', () => {
    for (const context of ['production', 'dev', '', undefined]) {
      expect(storeNames(UNSET, context)).toEqual({ documents: 'media', files: 'media-files' })
    }
  })

  it('gives deploy previews, branch deploys and other contexts stores of their own', () => {
    for (const context of ['deploy-preview', 'branch-deploy', 'preview-server', 'staging']) {
      expect(storeNames(UNSET, context)).toEqual({
        documents: 'media-preview',
        files: 'media-files-preview',
      })
    }
  })

  it('lets an explicit setting win in every context, each store on its own', () => {
    expect(storeNames({ MEDIA_STORE: 'media', MEDIA_FILES_STORE: 'media-files' }, 'deploy-preview')).toEqual({
      documents: 'media',
      files: 'media-files',
    })
    expect(storeNames({ MEDIA_STORE: 'pr-data', MEDIA_FILES_STORE: undefined }, 'deploy-preview')).toEqual({
      documents: 'pr-data',
      files: 'media-files-preview',
    })
    expect(storeNames({ MEDIA_STORE: 'other', MEDIA_FILES_STORE: 'other-files' }, 'production')).toEqual({
      documents: 'other',
      files: 'other-files',
    })
  })
})

describe('the stores a deployed function picks', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  /** `mediaStoreNames()` in a fresh instance, with this environment and this per-request context. */
  async function namesWith(env: Record<string, string>, requestContext?: string) {
    vi.resetModules()
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
    for (const name of ['MEDIA_STORE', 'MEDIA_FILES_STORE', 'CONTEXT']) {
      if (!(name in env)) vi.stubEnv(name, undefined)
    }
    vi.stubGlobal(
      'Netlify',
      requestContext === undefined ? undefined : { context: { deploy: { context: requestContext } } },
    )
    const { mediaStoreNames } = await import('../../../netlify/server/store')
    return mediaStoreNames()
  }

  it('reads the deploy context Netlify passes with the request, since functions see no CONTEXT variable', async () => {
    expect(await namesWith({}, 'deploy-preview')).toEqual({
      documents: 'media-preview',
      files: 'media-files-preview',
    })
    expect(await namesWith({}, 'production')).toEqual({ documents: 'media', files: 'media-files' })
  })

  it('keeps the site stores under netlify dev, which passes no context, and in tests', async () => {
    expect(await namesWith({ NETLIFY_DEV: 'true' }, '')).toEqual({ documents: 'media', files: 'media-files' })
    expect(await namesWith({})).toEqual({ documents: 'media', files: 'media-files' })
  })

  it('takes CONTEXT where something sets it, and the settings over either', async () => {
    expect((await namesWith({ CONTEXT: 'branch-deploy' })).documents).toBe('media-preview')
    expect(await namesWith({ MEDIA_STORE: 'shared', MEDIA_FILES_STORE: '' }, 'deploy-preview')).toEqual({
      documents: 'shared',
      files: 'media-files-preview',
    })
    await expect(namesWith({ MEDIA_STORE: 'no spaces' })).rejects.toThrow(/MEDIA_STORE must be/)
  })
})
