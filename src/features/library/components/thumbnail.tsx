import { useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { useAccess } from '../../../lib/access'
import { THUMBNAIL_SIZE, thumbnailSrc } from '../model/thumbnail'
import { FileIcon } from './file-icon'

/** The card's 150x150 picture; a file whose thumbnail cannot load falls back to its type's icon. */
export function Thumbnail({ record }: { record: MediaRecord }) {
  const src = thumbnailSrc(record, { gated: useAccess().gate === 'closed' })
  const [failed, setFailed] = useState<string | null>(null)
  if (src === null || failed === src) {
    return (
      <div className="thumbnail thumbnail--icon">
        <FileIcon mime={record.file_type} size={48} />
      </div>
    )
  }
  return (
    <div className="thumbnail">
      <img
        src={src}
        alt=""
        width={THUMBNAIL_SIZE}
        height={THUMBNAIL_SIZE}
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => {
          setFailed(src)
        }}
      />
    </div>
  )
}
