import { coverCrop } from './cover-crop'

const JPEG_QUALITY = 0.82

/** Draws the filled-crop square of `source` and encodes it as JPEG. */
export function encodeCroppedJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  anchor: 'center' | 'top',
): Promise<Blob> {
  const crop = coverCrop(width, height, anchor)
  const canvas = document.createElement('canvas')
  canvas.width = crop.outSide
  canvas.height = crop.outSide
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('This browser cannot draw thumbnails'))
  context.fillStyle = '#fff'
  context.fillRect(0, 0, crop.outSide, crop.outSide)
  context.drawImage(source, crop.sx, crop.sy, crop.side, crop.side, 0, 0, crop.outSide, crop.outSide)
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob)
        else reject(new Error('The thumbnail could not be encoded'))
      },
      'image/jpeg',
      JPEG_QUALITY,
    )
  })
}
