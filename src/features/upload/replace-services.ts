import type { ReplaceServices } from './replace-one'

/** The upload's browser services with the call that swaps a record's file: loaded on first use. */
export async function loadReplaceServices(): Promise<ReplaceServices> {
  const [services, { replaceFile }] = await Promise.all([
    import('./upload-services').then((module) => module.browserUploadServices()),
    import('./api/replace-file'),
  ])
  return { ...services, replaceFile }
}
