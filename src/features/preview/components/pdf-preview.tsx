import { useEffect, useRef, useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { openPdf, type PdfDocument } from '../api/open-pdf'

/** Spec section 2: PDFs are shown in a frame 600px high. */
export const PDF_FRAME_HEIGHT = 600

/** The document opened, for the URL it was opened from; anything else is still loading. */
type PdfState = { url: string } & (
  { kind: 'ready'; document: PdfDocument; pageRatio: number } | { kind: 'failed' }
)

/**
 * The PDF's pages drawn by pdf.js in a scrolling frame 600px high. Not the browser's own viewer in an
 * iframe: that viewer keeps every key once clicked, so Escape could no longer close the dialog.
 */
export function PdfPreview({ record, url }: { record: MediaRecord; url: string }) {
  const [opened, setOpened] = useState<PdfState | null>(null)
  useEffect(() => {
    const pdf = openPdf(url)
    pdf.promise
      .then(async (document) => {
        const first = (await document.getPage(1)).getViewport({ scale: 1 })
        setOpened({ url, kind: 'ready', document, pageRatio: first.height / first.width })
      })
      .catch(() => {
        setOpened({ url, kind: 'failed' })
      })
    return pdf.close
  }, [url])
  const state = opened?.url === url ? opened : { kind: 'loading' as const }

  return (
    <div className="preview">
      <div
        className="preview__frame preview__pdf"
        role="document"
        title={`${record.title} (PDF)`}
        aria-label={`${record.title} (PDF)`}
        aria-busy={state.kind === 'loading'}
        // Focusable, so the arrow and page keys scroll the pages.
        tabIndex={0}
        style={{ height: `${String(PDF_FRAME_HEIGHT)}px` }}
      >
        {state.kind === 'loading' && <p className="preview__loading">Loading preview…</p>}
        {state.kind === 'failed' && (
          <p className="preview__loading" role="alert">
            The PDF could not be shown. Download it to read it.
          </p>
        )}
        {state.kind === 'ready' &&
          Array.from({ length: state.document.numPages }, (_, index) => (
            <PdfPage key={index} document={state.document} pageNumber={index + 1} ratio={state.pageRatio} />
          ))}
      </div>
    </div>
  )
}

/** One page, drawn when it scrolls into view, as wide as the frame and sharp on dense screens. */
function PdfPage({
  document,
  pageNumber,
  ratio,
}: {
  document: PdfDocument
  pageNumber: number
  ratio: number
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    let cancelled = false
    let cancelRender: (() => void) | null = null
    const draw = async () => {
      const page = await document.getPage(pageNumber)
      if (cancelled) return
      const base = page.getViewport({ scale: 1 })
      const cssWidth = canvas.clientWidth || base.width
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * window.devicePixelRatio })
      canvas.width = Math.ceil(viewport.width)
      canvas.height = Math.ceil(viewport.height)
      canvas.style.aspectRatio = `${String(base.width)} / ${String(base.height)}`
      const task = page.render({ canvas, viewport })
      cancelRender = () => {
        task.cancel()
      }
      await task.promise
    }
    const start = () => {
      draw().catch(() => {
        // A render cancelled on close, or a damaged page: the page stays blank, the others still draw.
      })
    }
    if (typeof IntersectionObserver === 'undefined') {
      start()
      return () => {
        cancelled = true
        cancelRender?.()
      }
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect()
        start()
      }
    })
    observer.observe(canvas)
    return () => {
      cancelled = true
      observer.disconnect()
      cancelRender?.()
    }
  }, [document, pageNumber])
  return (
    <canvas
      ref={canvasRef}
      className="preview__pdf-page"
      aria-label={`Page ${String(pageNumber)}`}
      style={{ aspectRatio: `1 / ${String(ratio)}` }}
    />
  )
}
