import { Download, Eye, Pencil } from 'lucide-react'
import { memo } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { Checkbox } from '../../../components/ui/checkbox'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDate } from '../../../lib/format-date'
import { FileIcon } from './file-icon'
import { fileItemProps, useItemHandlers } from './item-handlers'
import { Thumbnail } from './thumbnail'

interface MediaCardProps {
  record: MediaRecord
  position: number
  selected: boolean
  /** The one card in the tab order (roving focus). */
  active: boolean
}

/** Spec section 2: checkbox, type icon, title, thumbnail, description, author, tags, size, date, actions. */
export const MediaCard = memo(function MediaCard({ record, position, selected, active }: MediaCardProps) {
  const handlers = useItemHandlers()
  const tabIndex = active ? 0 : -1
  const item = fileItemProps(record, position, tabIndex, handlers)
  return (
    <article
      className={`card${selected ? ' card--selected' : ''}`}
      aria-label={record.title}
      {...item.attributes}
    >
      <div className="card__header">
        <Checkbox
          checked={selected}
          label={`Select ${record.title}`}
          tabIndex={tabIndex}
          onClick={item.checkboxClick}
        />
        <FileIcon mime={record.file_type} />
        <h3 className="card__title" title={record.title}>
          {record.title}
        </h3>
      </div>
      <Thumbnail record={record} />
      <p className="card__description">{record.description || 'No description'}</p>
      <p className="card__author">By: {record.author}</p>
      <ul className="card__tags" aria-label="Tags">
        {record.tags.map((tag) => (
          <li key={tag} className="badge">
            {tag}
          </li>
        ))}
      </ul>
      <div className="card__meta">
        <span>{formatBytes(record.file_size)}</span>
        <span>{formatDate(record.created_at)}</span>
      </div>
      <div className="card__actions">
        <CardButton
          label="View"
          icon={Eye}
          tabIndex={tabIndex}
          onClick={() => {
            handlers.view(record)
          }}
        />
        <CardButton
          label="Edit"
          icon={Pencil}
          tabIndex={tabIndex}
          onClick={() => {
            handlers.edit(record)
          }}
        />
        <CardButton
          label="Download"
          icon={Download}
          tabIndex={tabIndex}
          onClick={() => {
            handlers.download(record)
          }}
        />
      </div>
    </article>
  )
})

function CardButton({
  label,
  icon: Icon,
  tabIndex,
  onClick,
}: {
  label: string
  icon: typeof Eye
  tabIndex: number
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className="card__button"
      tabIndex={tabIndex}
      onClick={(event) => {
        event.stopPropagation()
        onClick()
      }}
    >
      <Icon size={14} aria-hidden="true" />
      {label}
    </button>
  )
}
