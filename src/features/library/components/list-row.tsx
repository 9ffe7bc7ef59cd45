import { Download, Eye, Pencil } from 'lucide-react'
import { memo } from 'react'

import { typeNameFromMime } from '../../../contract/file-types'
import type { MediaRecord } from '../../../contract/record'
import { Checkbox } from '../../../components/ui/checkbox'
import { IconButton } from '../../../components/ui/icon-button'
import { FILE_DRAG_TYPE } from '../../../lib/drag'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDate } from '../../../lib/format-date'
import { FileIcon } from './file-icon'
import { clickIntent, useItemHandlers } from './item-handlers'

interface ListRowProps {
  record: MediaRecord
  position: number
  selected: boolean
  active: boolean
}

export const ListRow = memo(function ListRow({ record, position, selected, active }: ListRowProps) {
  const handlers = useItemHandlers()
  const tabIndex = active ? 0 : -1
  return (
    <tr
      className={`file-table__row${selected ? ' file-table__row--selected' : ''}`}
      aria-rowindex={position + 2}
      aria-selected={selected}
      data-file-id={record.id}
      data-pos={position}
      tabIndex={tabIndex}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(FILE_DRAG_TYPE, JSON.stringify(handlers.dragIds(record)))
        event.dataTransfer.effectAllowed = 'move'
      }}
      onClick={(event) => {
        const intent = clickIntent(event)
        if (intent !== null) handlers.select(record.id, intent)
        handlers.activate(position)
      }}
      onDoubleClick={() => {
        handlers.view(record)
      }}
    >
      <td className="file-table__check">
        <Checkbox
          checked={selected}
          label={`Select ${record.title}`}
          tabIndex={tabIndex}
          onClick={(event) => {
            handlers.select(record.id, event.shiftKey ? 'range' : 'toggle')
            handlers.activate(position)
          }}
        />
      </td>
      <td className="file-table__name">
        <FileIcon mime={record.file_type} />
        <span title={record.title}>{record.title}</span>
      </td>
      <td title={record.file_type}>{typeNameFromMime(record.file_type)}</td>
      <td>{formatBytes(record.file_size)}</td>
      <td>{formatDate(record.created_at)}</td>
      <td className="file-table__actions">
        <IconButton
          icon={Eye}
          label="View"
          tabIndex={tabIndex}
          onClick={() => {
            handlers.view(record)
          }}
        />
        <IconButton
          icon={Pencil}
          label="Edit"
          tabIndex={tabIndex}
          onClick={() => {
            handlers.edit(record)
          }}
        />
        <IconButton
          icon={Download}
          label="Download"
          tabIndex={tabIndex}
          onClick={() => {
            handlers.download(record)
          }}
        />
      </td>
    </tr>
  )
})
