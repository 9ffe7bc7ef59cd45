import type { MediaRecord } from '../../contract/record'
import type { ReplaceFileResponse } from '../../contract/replace-file'
import { mimeOf } from './file-details'
import { hostFields, storeThumbnail, type UploadOneOptions, type UploadServices } from './upload-one'
import type { replaceFile } from './api/replace-file'

/** What a replace reaches outside the page; the dialog gets the browser's, tests their own. */
export type ReplaceServices = Pick<UploadServices, 'host' | 'inspectFile'> & {
  replaceFile: typeof replaceFile
}

/**
 * The new file through the same two steps as an upload: its bytes to the media host (with what the page
 * measured, and a rendered thumbnail where the host makes none), then `POST /api/replace/{id}`, naming
 * the file the record had so a replace made meanwhile elsewhere is not overwritten unseen.
 */
export async function replaceOne(
  record: MediaRecord,
  file: File,
  services: ReplaceServices,
  { onProgress, onWaiting, onRetrying, signal }: UploadOneOptions,
): Promise<ReplaceFileResponse> {
  const { host } = services
  const mime = mimeOf(file)
  const inspection = host.thumbnailUrl
    ? { measured: {}, thumbnail: null }
    : await services.inspectFile(file, mime, signal)
  const result = await host.upload(file, {
    onProgress,
    onWaiting,
    onRetrying,
    signal,
    metadata: inspection.measured,
  })
  const thumbnail = host.thumbnailUrl
    ? host.thumbnailUrl(result, mime)
    : await storeThumbnail(host, inspection.thumbnail, file.name, { signal, onWaiting })
  return services.replaceFile(
    record.id,
    { ...hostFields(result), file_type: mime, thumbnail, replaces: record.media_url },
    { signal, onWaiting },
  )
}
