import { useState } from 'react'

import { isPdf } from '../../../contract/file-types'
import type { MediaRecord } from '../../../contract/record'
import { useAccess } from '../../../lib/access'
import { cardPictureSrcSet, THUMBNAIL_SIZE, thumbnailSrc } from '../model/thumbnail'
import { FileIcon } from './file-icon'
import './thumbnail.css'

/** The card's picture box's width, as `sizes` gives it: half a narrow screen, else at most 260 px. */
const CARD_PICTURE_SIZES = '(max-width: 600px) 50vw, 260px'

/**
 * The card's picture box, as wide as the card: for images on this site a 4:3 crop at the width the box
 * needs on this screen (`srcset`), else the 150x150 filled crop cut to the box. The file's type
 * icon sits centred in the same box, shown while the picture loads, and for good when there is no
 * picture or it cannot load.
 *
 * No `loading="lazy"`: the grid is virtualized, so every card that exists is on screen or a row or
 * two from it, and lazy loading only made the browser wait for layout and fetch these at low priority.
 */
export function Thumbnail({ record, compact = false }: { record: MediaRecord; compact?: boolean }) {
  const { gate } = useAccess()
  const src = thumbnailSrc(record, { gated: gate === 'closed' })
  // A card's box is about half a phone's width, or 180 to 260 px on a wider screen.
  const srcSet = compact ? null : cardPictureSrcSet(record, { gated: gate === 'closed' })
  const [failed, setFailed] = useState<string | null>(null)
  const [loaded, setLoaded] = useState<string | null>(null)
  // A list row's picture is a small square beside the title; the same 150 px crop serves it at 2x. A
  // PDF's first page is cut from its top, where its heading is, as it was drawn at upload.
  const box = `thumbnail${compact ? ' thumbnail--compact' : ''}${isPdf(record.file_type) ? ' thumbnail--page' : ''}`
  const iconSize = compact ? 18 : 40
  // Until the gate's state is known the picture's address is not: a gated site needs a signed link, and
  // asking for the unsigned one first would be refused. The icon holds the box meanwhile.
  if (gate === 'unknown') {
    return (
      <div className={box}>
        <FileIcon mime={record.file_type} size={iconSize} />
      </div>
    )
  }
  if (src === null || failed === src) {
    return (
      <div className={`${box} thumbnail--icon`}>
        <FileIcon mime={record.file_type} size={iconSize} />
      </div>
    )
  }
  return (
    <div className={`${box}${loaded === src ? ' thumbnail--loaded' : ''}`}>
      <FileIcon mime={record.file_type} size={iconSize} />
      <img
        src={src}
        srcSet={srcSet ?? undefined}
        sizes={srcSet === null ? undefined : CARD_PICTURE_SIZES}
        alt=""
        width={THUMBNAIL_SIZE}
        height={THUMBNAIL_SIZE}
        decoding="async"
        draggable={false}
        onLoad={() => {
          setLoaded(src)
        }}
        onError={() => {
          setFailed(src)
        }}
      />
    </div>
  )
}
