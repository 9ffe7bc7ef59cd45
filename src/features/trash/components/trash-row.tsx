import { memo } from 'react'

import { typeNameFromMime } from '../../../contract/file-types'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDateTime } from '../../../lib/format-date'
import type { TrashedRecord } from '../api/get-trash'

interface TrashRowProps {
  record: TrashedRecord
  onRestore: (record: TrashedRecord) => void
  onDeleteForever: (record: TrashedRecord) => void
}

export const TrashRow = memo(function TrashRow({ record, onRestore, onDeleteForever }: TrashRowProps) {
  return (
    <tr className="file-table__row">
      <th scope="row" className="trash__title" title={record.title}>
        {record.title}
      </th>
      <td className="file-table__col-type" title={record.file_type}>
        {typeNameFromMime(record.file_type)}
      </td>
      <td className="trash__col-deleted">
        <time dateTime={record.deleted_at}>{formatDateTime(record.deleted_at)}</time>
      </td>
      <td className="file-table__col-size">{formatBytes(record.file_size)}</td>
      <td className="trash__col-actions">
        {/* Each name starts with the visible word and adds the title, so a list of buttons reads apart. */}
        <div className="trash__actions">
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
        </div>
      </td>
    </tr>
  )
})
