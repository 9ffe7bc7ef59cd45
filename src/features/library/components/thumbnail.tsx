import { useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { useAccess } from '../../../lib/access'
import { THUMBNAIL_SIZE, thumbnailSrc } from '../model/thumbnail'
import { FileIcon } from './file-icon'
import './thumbnail.css'

/**
 * The card's picture box, as wide as the card: the 150x150 filled crop cut to the box. The file's type
 * icon sits centred in the same box, shown while the picture loads, and for good when there is no
 * picture or it cannot load.
 *
 * No `loading="lazy"`: the grid is virtualized, so every card that exists is on screen or a row or
 * two from it, and lazy loading only made the browser wait for layout and fetch these at low priority.
 */
export function Thumbnail({ record, compact = false }: { record: MediaRecord; compact?: boolean }) {
  const { gate } = useAccess()
  const src = thumbnailSrc(record, { gated: gate === 'closed' })
  const [failed, setFailed] = useState<string | null>(null)
  const [loaded, setLoaded] = useState<string | null>(null)
  // A list row's picture is a small square beside the title; the same 150 px crop serves it at 2x.
  const box = compact ? 'thumbnail thumbnail--compact' : 'thumbnail'
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
