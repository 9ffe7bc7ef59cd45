import { useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { useAccess } from '../../../lib/access'
import { THUMBNAIL_SIZE, thumbnailSrc } from '../model/thumbnail'
import { FileIcon } from './file-icon'

/**
 * The card's picture box, as wide as the card: the 150x150 filled crop cut to the box. The file's type
 * icon sits centred in the same box, shown while the picture loads, and for good when there is no
 * picture or it cannot load.
 *
 * No `loading="lazy"`: the grid is virtualized, so every card that exists is on screen or a row or
 * two from it, and lazy loading only made the browser wait for layout and fetch these at low priority.
 */
export function Thumbnail({ record }: { record: MediaRecord }) {
  const { gate } = useAccess()
  const src = thumbnailSrc(record, { gated: gate === 'closed' })
  const [failed, setFailed] = useState<string | null>(null)
  const [loaded, setLoaded] = useState<string | null>(null)
  // Until the gate's state is known the picture's address is not: a gated site needs a signed link, and
  // asking for the unsigned one first would be refused. The icon holds the box meanwhile.
  if (gate === 'unknown') {
    return (
      <div className="thumbnail">
        <FileIcon mime={record.file_type} size={40} />
      </div>
    )
  }
  if (src === null || failed === src) {
    return (
      <div className="thumbnail thumbnail--icon">
        <FileIcon mime={record.file_type} size={40} />
      </div>
    )
  }
  return (
    <div className={`thumbnail${loaded === src ? ' thumbnail--loaded' : ''}`}>
      <FileIcon mime={record.file_type} size={40} />
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
