import { useState } from 'react'

import { PREVIEW_SIZE } from '../../../contract/image-renditions'
import { deliversWithSettings, imageUrl } from '../../../contract/image-settings'
import type { MediaRecord } from '../../../contract/record'
import { useAccess } from '../../../lib/access'
import { downloadName } from '../../../lib/download'
import { safeUrl } from '../../../lib/safe-url'
import { previewKind, type PreviewKind } from '../model/preview-kind'
import { officePreviewSource } from '../model/public-link'
import { svgRasterSrc } from '../model/svg-raster'
import { ArchivePreview } from './archive-preview'
import { PdfPreview } from './pdf-preview'
import { TextPreview } from './text-preview'

/** How a record is previewed: by its type, and never when it has no address the screen may use. */
export function recordPreviewKind(record: MediaRecord): PreviewKind {
  return safeUrl(record.media_url) === null ? 'none' : previewKind(record.file_type)
}

/** Spec section 2's line for a file the dialog cannot show. */
function Unsupported({ record, url }: { record: MediaRecord; url: string | null }) {
  return (
    <div className="preview preview--none">
      <p>Preview not available for this file type</p>
      {url !== null && (
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
      )}
    </div>
  )
}

/** A preview that cannot be shown here; the dialog's Download button still gets the file. */
function Notice({ title, children }: { title: string; children: string }) {
  return (
    <div className="preview preview--none" role="note" aria-label={title}>
      <p className="preview__notice-title">{title}</p>
      <p>{children}</p>
    </div>
  )
}

/** An SVG as a PNG drawn from it, or a notice when the image service cannot draw it. */
function SvgPreview({ record, src }: { record: MediaRecord; src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null)
  if (src === null || failed === src) {
    return (
      <Notice title="SVG preview not available">
        SVG drawings are shown as a picture made by the image service, which could not read this file.
      </Notice>
    )
  }
  return (
    <div className="preview">
      <img
        className="preview__media preview__svg"
        src={src}
        alt={record.title}
        style={{ maxHeight: '24rem' }}
        onError={() => {
          setFailed(src)
        }}
      />
    </div>
  )
}

/**
 * Images and videos at most 24rem high, audio in a player, SVG as a PNG drawn from it, PDFs in a frame
 * 600px high, Office files through Microsoft's viewer when it can reach them, the start of a text file,
 * and for anything else spec section 2's line with a 'Download File' link.
 */
export function FilePreview({ record }: { record: MediaRecord }) {
  const gated = useAccess().gate === 'closed'
  const url = safeUrl(record.media_url)
  const kind = recordPreviewKind(record)
  if (url === null || kind === 'none') return <Unsupported record={record} url={url} />
  switch (kind) {
    case 'image':
      return (
        <div className="preview">
          <img
            className="preview__media"
            // With a crop, rotation or focal point, the picture as they deliver it (decision 0047).
            src={deliversWithSettings(record) ? imageUrl(record, PREVIEW_SIZE) : url}
            alt={record.title}
            style={{ maxHeight: '24rem' }}
          />
        </div>
      )
    case 'svg':
      return <SvgPreview record={record} src={svgRasterSrc(url, { gated })} />
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
    case 'audio':
      return (
        <div className="preview">
          <audio className="preview__audio" src={url} controls preload="metadata" aria-label={record.title} />
        </div>
      )
    case 'pdf':
      return <PdfPreview record={record} url={url} />
    case 'office': {
      const source = officePreviewSource(url, { origin: window.location.origin, gated })
      if (source === null) {
        return (
          <Notice title="Preview needs a public link">
            Office files are shown by Microsoft's online viewer, which fetches the file from the internet.
            This site's address is local or private, so the viewer cannot reach it.
          </Notice>
        )
      }
      return (
        <div className="preview">
          <iframe
            className="preview__frame"
            src={source}
            title={`${record.title} (Office viewer)`}
            height={600}
            style={{ height: '600px' }}
          />
          <p className="preview__note">
            Shown by Microsoft's online viewer, which fetches the file from its public URL.
          </p>
        </div>
      )
    }
    case 'text':
      return <TextPreview record={record} url={url} />
    case 'archive':
      return <ArchivePreview record={record} url={url} />
  }
}
