import { memo, type MouseEvent } from 'react'

import { Checkbox } from '../../../components/ui/checkbox'
import { typeNameFromMime } from '../../../contract/file-types'
import { folderPathLabel } from '../../../contract/folder-paths'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDateTime } from '../../../lib/format-date'
import { Thumbnail } from '../../library'
import type { TrashedRecord } from '../api/get-trash'
import { daysLeft, purgeTime } from '../model/days-left'

interface TrashRowProps {
  record: TrashedRecord
  /** The server's `TRASH_PURGE_DAYS`, to count the days left from. */
  purgeDays: number
  /** The time the days left are counted to, the same for every row. */
  now: number
  checked: boolean
  /** Opens the file's Details, by its id. */
  onOpen: (id: number) => void
  /** Null where this browser may neither restore nor delete forever: no checkbox, nothing to check for. */
  onCheck: ((record: TrashedRecord, range: boolean) => void) | null
  /** Null where this browser may not restore (a viewer): no button. */
  onRestore: ((record: TrashedRecord) => void) | null
  /** Null where this browser may not delete for good (only admins may). */
  onDeleteForever: ((record: TrashedRecord) => void) | null
}

export const TrashRow = memo(function TrashRow({
  record,
  purgeDays,
  now,
  checked,
  onOpen,
  onCheck,
  onRestore,
  onDeleteForever,
}: TrashRowProps) {
  const folder = folderPathLabel(record.folder_path)
  const purgeAt = purgeTime(record.deleted_at, purgeDays)
  const left = daysLeft(record.deleted_at, purgeDays, now)
  const leftTitle =
    purgeAt === null ? undefined : `Deleted for good after ${formatDateTime(new Date(purgeAt).toISOString())}`
  return (
    <tr className={`file-table__row${checked ? ' file-table__row--selected' : ''}`}>
      {onCheck && (
        <td className="file-table__check">
          <Checkbox
            checked={checked}
            label={`Select ${record.title}`}
            onClick={(event: MouseEvent) => {
              onCheck(record, event.shiftKey)
            }}
          />
        </td>
      )}
      <th scope="row" className="trash__title" title={record.title}>
        {/* The title opens Details, as a card's click does: what the file is, before it goes for good. */}
        <button
          type="button"
          className="file-table__label trash__open"
          onClick={() => {
            onOpen(record.id)
          }}
        >
          <Thumbnail record={record} compact />
          <span>{record.title}</span>
        </button>
      </th>
      <td className="trash__col-folder" title={folder}>
        {folder}
      </td>
      <td className="file-table__col-type" title={record.file_type}>
        {typeNameFromMime(record.file_type)}
      </td>
      <td className="trash__col-deleted">
        <time dateTime={record.deleted_at}>{formatDateTime(record.deleted_at)}</time>
      </td>
      <td className="trash__col-left" title={leftTitle}>
        {left}
      </td>
      <td className="file-table__col-size">{formatBytes(record.file_size)}</td>
      <td className="trash__col-actions">
        {/* On a phone the days left column is gone, and the words sit here above the buttons. */}
        <span className="trash__left-narrow">{left}</span>
        {/* Each name starts with the visible word and adds the title, so a list of buttons reads apart. */}
        <div className="trash__actions">
          {onRestore && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Restore ${record.title}`}
              onClick={() => {
                onRestore(record)
              }}
            >
              Restore
            </button>
          )}
          {onDeleteForever && (
            <button
              type="button"
              className="button button--danger button--small"
              aria-label={`Delete forever ${record.title}`}
              onClick={() => {
                onDeleteForever(record)
              }}
            >
              Delete forever
            </button>
          )}
        </div>
      </td>
    </tr>
  )
})
