import { fileLinkPath } from '../../../contract/access'
import type { MediaRecord } from '../../../contract/record'
import { useAccess } from '../../../lib/access'
import { downloadName } from '../../../lib/download'
import { absoluteUrl, safeUrl } from '../../../lib/safe-url'
import { officeViewerUrl, previewKind } from '../model/preview-kind'

function DownloadLink({ record, url }: { record: MediaRecord; url: string }) {
  return (
    // A file on another site ignores `download` and would replace the app: open it beside it instead.
    <a
      className="button"
      href={url}
      download={downloadName(record)}
      target="_blank"
      rel="noopener noreferrer"
    >
      Download File
    </a>
  )
}

/**
 * Microsoft's viewer fetches the file itself, without the visitor's cookie: behind the access gate, a
 * file of the built-in host is reached through `/api/file-link/...`, which redirects to the viewer with
 * a link to the file signed for ten minutes.
 */
function officeSource(url: string, gated: boolean): string {
  return (gated ? fileLinkPath(url, 'office') : null) ?? officeViewerUrl(absoluteUrl(url))
}

/**
 * Images and videos at most 24rem high, PDFs in a 600px frame, Office files through the online viewer,
 * a placeholder for text, and a download for everything else (spec section 2).
 */
export function FilePreview({ record }: { record: MediaRecord }) {
  const gated = useAccess().gate === 'closed'
  const url = safeUrl(record.media_url)
  const kind = url === null ? 'none' : previewKind(record.file_type)
  if (url === null || kind === 'none') {
    return (
      <div className="preview preview--none">
        <p>Preview not available for this file type</p>
        {url !== null && <DownloadLink record={record} url={url} />}
      </div>
    )
  }
  switch (kind) {
    case 'image':
      return (
        <div className="preview">
          <img className="preview__media" src={url} alt={record.title} style={{ maxHeight: '24rem' }} />
        </div>
      )
    case 'video':
      return (
        <div className="preview">
          <video
            className="preview__media"
            src={url}
            controls
            preload="metadata"
            style={{ maxHeight: '24rem' }}
          >
            <track kind="captions" />
          </video>
        </div>
      )
    case 'pdf':
      return (
        <div className="preview">
          <iframe
            className="preview__frame"
            src={url}
            title={`${record.title} (PDF)`}
            height={600}
            style={{ height: '600px' }}
          />
        </div>
      )
    case 'office':
      return (
        <div className="preview">
          <iframe
            className="preview__frame"
            src={officeSource(url, gated)}
            title={`${record.title} (Office viewer)`}
            height={600}
            style={{ height: '600px' }}
          />
          <p className="preview__note">
            Shown by Microsoft's online viewer, which fetches the file from its public URL.
          </p>
        </div>
      )
    case 'text':
      return (
        <div className="preview preview--none">
          <p>Text preview is not available yet. Download the file to read it.</p>
          <DownloadLink record={record} url={url} />
        </div>
      )
  }
}
