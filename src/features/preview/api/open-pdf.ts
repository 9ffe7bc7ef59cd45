import type { PDFDocumentProxy } from 'pdfjs-dist'

export type PdfDocument = Pick<PDFDocumentProxy, 'numPages' | 'getPage'>

export interface OpenedPdf {
  promise: Promise<PdfDocument>
  /** Stops loading, or frees the document and its worker once loaded. */
  close: () => void
}

/** pdf.js is large, so it loads only when a PDF is previewed, never with the first screen. */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ])
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default
  return pdfjs
}

/**
 * Opens a PDF with pdf.js, which reads it in ranges as pages are drawn (the built-in host answers
 * `Range`). Same-origin requests carry the visitor's cookie, so the access gate lets them through.
 */
export function openPdf(url: string): OpenedPdf {
  let closed = false
  let destroy: (() => Promise<void>) | null = null
  const promise = loadPdfJs().then((pdfjs) => {
    if (closed) throw new Error('The PDF preview was closed')
    const task = pdfjs.getDocument({ url, isEvalSupported: false })
    destroy = () => task.destroy()
    return task.promise
  })
  return {
    promise,
    close: () => {
      closed = true
      void destroy?.()
    },
  }
}
