import { useState } from 'react'

import type { ImageFormat } from '../../../contract/image-renditions'
import type { MediaRecord } from '../../../contract/record'
import { toast } from '../../../components/ui/toast'
import { useAccess } from '../../../lib/access'
import { copyText } from '../../../lib/clipboard'
import { COPY_FORMATS, copyUrl, copyWidths, deliveredWidth, imgTag } from '../model/image-adjust'
import './image-adjust.css'

export const IMAGE_URLS_HEADING = 'Image URLs'
export const GATED_NOTE =
  'The access gate is on: these URLs open only in a browser signed in to this library. To show the picture to anyone else, create a share link below.'

const ORIGINAL = 'original'

/**
 * Details' image URLs (decision 0047): the picture with its settings at a common width or its own, in
 * a chosen format, as an absolute URL of this site or as a ready `<img>` with `srcset`, `sizes` and the
 * record's alt text.
 */
export function ImageUrls({ record }: { record: MediaRecord }) {
  const gated = useAccess().gate === 'closed'
  const own = deliveredWidth(record)
  const widths = copyWidths(own)
  const [width, setWidth] = useState<string>(ORIGINAL)
  const [format, setFormat] = useState<ImageFormat>('auto')
  const chosen = width === ORIGINAL ? null : Number(width)
  const origin = window.location.origin
  const widthId = `image-url-width-${String(record.id)}`
  const formatId = `image-url-format-${String(record.id)}`

  const copy = (text: string, what: string) => {
    copyText(text).then(
      () => {
        toast.success(`${what} copied`, {
          description: gated ? 'It opens only in a browser signed in to this library.' : undefined,
        })
      },
      () => {
        toast.error(`Could not copy the ${what.toLowerCase()}`, {
          description: 'The browser did not allow it.',
        })
      },
    )
  }

  return (
    <section className="image-urls" aria-label={IMAGE_URLS_HEADING}>
      <h3 className="image-urls__heading">{IMAGE_URLS_HEADING}</h3>
      <div className="image-urls__row">
        <label htmlFor={widthId}>Width</label>
        <select
          id={widthId}
          value={width}
          onChange={(event) => {
            setWidth(event.target.value)
          }}
        >
          {widths.map((each) => (
            <option key={each} value={String(each)}>
              {each} px
            </option>
          ))}
          <option value={ORIGINAL}>{own === null ? 'Original' : `Original (${String(own)} px)`}</option>
        </select>
        <label htmlFor={formatId}>Format</label>
        <select
          id={formatId}
          value={format}
          onChange={(event) => {
            setFormat(event.target.value as ImageFormat)
          }}
        >
          {COPY_FORMATS.map((each) => (
            <option key={each.value} value={each.value}>
              {each.label}
            </option>
          ))}
        </select>
      </div>
      <div className="image-urls__row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            copy(copyUrl(record, origin, chosen, format), 'Image URL')
          }}
        >
          Copy image URL
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            copy(imgTag(record, origin, chosen, format), 'Image tag')
          }}
        >
          Copy &lt;img&gt; tag
        </button>
      </div>
      {gated && <p className="image-urls__note">{GATED_NOTE}</p>}
    </section>
  )
}
