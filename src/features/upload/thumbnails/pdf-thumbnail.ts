import { encodeCroppedJpeg } from './canvas'
import { coverScale } from './cover-crop'

/** pdf.js is large, so it loads only when a PDF is uploaded, never with the first screen. */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ])
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default
  return pdfjs
}

/** The PDF's first page as a JPEG thumbnail (spec section 9: PDFs use the first page as an image). */
export async function renderPdfThumbnail(file: Blob): Promise<Blob> {
  const pdfjs = await loadPdfJs()
  const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false })
  try {
    const document = await task.promise
    const page = await document.getPage(1)
    const base = page.getViewport({ scale: 1 })
    const viewport = page.getViewport({ scale: coverScale(base.width, base.height) })
    const canvas = window.document.createElement('canvas')
    canvas.width = Math.ceil(viewport.width)
    canvas.height = Math.ceil(viewport.height)
    await page.render({ canvas, viewport }).promise
    return await encodeCroppedJpeg(canvas, canvas.width, canvas.height, 'top')
  } finally {
    await task.destroy()
  }
}
