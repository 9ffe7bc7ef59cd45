import { CircleAlert, type LucideIcon } from 'lucide-react'
import { memo } from 'react'

import { typeNameFromMime } from '../../../contract/file-types'
import type { MediaRecord } from '../../../contract/record'
import { Checkbox } from '../../../components/ui/checkbox'
import { lacksAltText, NO_ALT_TEXT } from '../../../lib/alt-text'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDate } from '../../../lib/format-date'
import type { CardDensity } from './card-geometry'
import { FileIcon } from './file-icon'
import { fileActionName, MoreMenu } from './file-menu'
import { EditableTitle, useRenaming } from './inline-rename'
import { fileItemProps, useItemHandlers, type ItemHandlers } from './item-handlers'
import { TagChips } from './tag-chips'
import { Thumbnail } from './thumbnail'
import { fileExtension } from '../model/file-extension'

interface MediaCardProps {
  record: MediaRecord
  position: number
  selected: boolean
  /** The one card in the tab order (roving focus). */
  active: boolean
  /** Comfortable unless given. */
  density?: CardDensity
}

/**
 * Comfortable (the default) shows everything of spec section 2: checkbox, type icon, title, thumbnail,
 * description, author, tags, size, date and actions. The tags sit under size and date, not under the
 * author: the author and each tag are small buttons, and two rows of them would be closer than WCAG
 * 2.5.8's 24 px spacing. Compact keeps the thumbnail, the checkbox, the title and one line of kind, size
 * and date; its actions sit over the thumbnail, shown on hover, on focus and always on touch screens.
 */
export const MediaCard = memo(function MediaCard({
  record,
  position,
  selected,
  active,
  density = 'comfortable',
}: MediaCardProps) {
  const handlers = useItemHandlers()
  const tabIndex = active ? 0 : -1
  const item = fileItemProps(record, position, tabIndex, handlers)
  const extension = fileExtension(record)
  const compact = density === 'compact'
  const renaming = useRenaming(record.id)
  return (
    <article
      className={`card card--${density}${selected ? ' card--selected' : ''}`}
      aria-label={record.title}
      {...item.attributes}
      draggable={!renaming && item.attributes.draggable}
    >
      <Thumbnail record={record} />
      {lacksAltText(record) && (
        // Over the picture's corner, so every card keeps the height card-geometry.ts gives it.
        <p className="card__alt-hint">
          <CircleAlert size={12} aria-hidden="true" />
          {NO_ALT_TEXT}
        </p>
      )}
      <div className="card__body">
        <div className="card__header">
          <Checkbox
            checked={selected}
            label={`Select ${record.title}`}
            tabIndex={tabIndex}
            onClick={item.checkboxClick}
          />
          {!compact && <FileIcon mime={record.file_type} />}
          <EditableTitle
            record={record}
            as="h3"
            className="card__title"
            tooltip={extension ? `${record.title} (.${extension})` : record.title}
          />
          {extension && <span className="card__extension">.{extension}</span>}
        </div>
        {compact ? (
          <p className="card__line">
            {typeNameFromMime(record.file_type)} · {formatBytes(record.file_size)} ·{' '}
            {formatDate(record.created_at)}
          </p>
        ) : (
          <>
            <p className="card__description">{record.description || 'No description'}</p>
            <p className="card__author">
              <button
                type="button"
                className="card__author-button"
                title={`Show files by ${record.author}`}
                tabIndex={tabIndex}
                onClick={(event) => {
                  event.stopPropagation()
                  handlers.filterBy({ author: record.author })
                }}
              >
                By: {record.author}
              </button>
            </p>
            <div className="card__meta">
              <span>{formatBytes(record.file_size)}</span>
              <span>{formatDate(record.created_at)}</span>
            </div>
            <TagChips
              tags={record.tags}
              tabIndex={tabIndex}
              onPick={(tag) => {
                handlers.filterBy({ tag })
              }}
            />
          </>
        )}
        <CardActions record={record} handlers={handlers} tabIndex={tabIndex} />
      </div>
    </article>
  )
})

function CardActions({
  record,
  handlers,
  tabIndex,
}: {
  record: MediaRecord
  handlers: ItemHandlers
  tabIndex: number
}) {
  return (
    <div className="card__actions">
      {handlers.cardActions.map(({ name, icon, label, perform }) => (
        <CardButton
          key={name}
          label={label}
          name={fileActionName(label, record)}
          icon={icon}
          tabIndex={tabIndex}
          onClick={() => {
            perform([record], 'context')
          }}
        />
      ))}
      <MoreMenu
        record={record}
        actions={handlers.contextActions}
        tabIndex={tabIndex}
        className="card__button"
      />
    </div>
  )
}

/**
 * An icon button with `label` as its tooltip (three labelled buttons do not fit a narrow card), named
 * `name` (`fileActionName`).
 */
function CardButton({
  label,
  name,
  icon: Icon,
  tabIndex,
  onClick,
}: {
  label: string
  name: string
  icon: LucideIcon
  tabIndex: number
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className="card__button"
      aria-label={name}
      title={label}
      tabIndex={tabIndex}
      onClick={(event) => {
        event.stopPropagation()
        onClick()
      }}
    >
      <Icon size={16} aria-hidden="true" />
    </button>
  )
}
