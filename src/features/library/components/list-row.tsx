import { memo } from 'react'

import { typeNameFromMime } from '../../../contract/file-types'
import { folderPathLabel } from '../../../contract/folder-paths'
import type { MediaRecord } from '../../../contract/record'
import { Checkbox } from '../../../components/ui/checkbox'
import { IconButton } from '../../../components/ui/icon-button'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDate } from '../../../lib/format-date'
import { fileExtension } from '../model/file-extension'
import { fileActionName, MoreMenu } from './file-menu'
import { EditableTitle, useRenaming } from './inline-rename'
import { fileItemProps, useItemHandlers } from './item-handlers'
import { Thumbnail } from './thumbnail'

interface ListRowProps {
  record: MediaRecord
  position: number
  selected: boolean
  active: boolean
}

export const ListRow = memo(function ListRow({ record, position, selected, active }: ListRowProps) {
  const handlers = useItemHandlers()
  const tabIndex = active ? 0 : -1
  const item = fileItemProps(record, position, tabIndex, handlers)
  const renaming = useRenaming(record.id)
  const extension = fileExtension(record)
  const folder = folderPathLabel(record.folder_path)
  return (
    <tr
      className={`file-table__row${selected ? ' file-table__row--selected' : ''}`}
      aria-rowindex={position + 2}
      aria-selected={selected}
      {...item.attributes}
      draggable={!renaming && item.attributes.draggable}
    >
      <td className="file-table__check">
        <Checkbox
          checked={selected}
          label={`Select ${record.title}`}
          tabIndex={tabIndex}
          onClick={item.checkboxClick}
        />
      </td>
      <td className="file-table__name">
        <div className="file-table__label">
          <Thumbnail record={record} compact />
          <EditableTitle record={record} as="span" className="file-table__title" />
          {extension && <span className="file-table__extension">.{extension}</span>}
        </div>
      </td>
      <td className="file-table__col-folder" title={folder}>
        {folder}
      </td>
      <td className="file-table__col-type" title={record.file_type}>
        {typeNameFromMime(record.file_type)}
      </td>
      <td className="file-table__col-size">{formatBytes(record.file_size)}</td>
      <td className="file-table__col-date">{formatDate(record.created_at)}</td>
      <td className="file-table__col-actions">
        {handlers.cardActions.map(({ name, icon, label, perform }) => (
          <IconButton
            key={name}
            icon={icon}
            label={label}
            name={fileActionName(label, record)}
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
          className="icon-button file-table__more"
        />
      </td>
    </tr>
  )
})
