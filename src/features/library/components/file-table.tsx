import { typeNameFromMime } from '../../../contract/file-types'
import { ROOT_PATH } from '../../../contract/folder'
import type { MediaRecord } from '../../../contract/record'
import { formatBytes } from '../../../lib/format-bytes'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function FileTable({ records }: { records: readonly MediaRecord[] }) {
  return (
    <table className="file-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Size</th>
          <th scope="col">Date</th>
          <th scope="col">Folder</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <td>
              <a href={record.media_url} target="_blank" rel="noreferrer">
                {record.title}
              </a>
              <div className="file-table__meta">{record.description || 'No description'}</div>
            </td>
            <td>{typeNameFromMime(record.file_type)}</td>
            <td>{formatBytes(record.file_size)}</td>
            <td>{dateFormat.format(new Date(record.created_at))}</td>
            <td>{record.folder_path === ROOT_PATH ? 'Uncategorized' : record.folder_path}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
