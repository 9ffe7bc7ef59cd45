import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { Fragment } from 'react'

import type { Sort, SortKey } from '../model/filters'

/** The class names the column's width, and which columns a narrow screen drops (styles.css). */
const COLUMNS: readonly { key: SortKey; label: string; className?: string }[] = [
  { key: 'title', label: 'Name' },
  { key: 'type', label: 'Type', className: 'file-table__col-type' },
  { key: 'size', label: 'Size', className: 'file-table__col-size' },
  { key: 'date', label: 'Date', className: 'file-table__col-date' },
]

/**
 * Spec section 2: Name, Type, Size and Date sort; clicking the sorted column flips its direction. Each
 * sortable header cell is one button from edge to edge, so a click anywhere in it sorts.
 */
export function ListHeader({ sort, onSort }: { sort: Sort; onSort: (key: SortKey) => void }) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col" className="file-table__check">
          <span className="visually-hidden">Selected</span>
        </th>
        {COLUMNS.map(({ key, label, className }) => {
          const sorted = sort.key === key
          const Arrow = !sorted ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown
          return (
            <Fragment key={key}>
              <th
                scope="col"
                className={className ? `${className} file-table__sortable` : 'file-table__sortable'}
                aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <button
                  type="button"
                  className="file-table__sort"
                  onClick={() => {
                    onSort(key)
                  }}
                >
                  {label}
                  <Arrow size={14} aria-hidden="true" />
                </button>
              </th>
              {/* The folder beside the name, so two files of one name in two folders tell apart. */}
              {key === 'title' && (
                <th scope="col" className="file-table__col-folder">
                  Folder
                </th>
              )}
            </Fragment>
          )
        })}
        <th scope="col" className="file-table__col-actions">
          <span className="file-table__actions-label">Actions</span>
        </th>
      </tr>
    </thead>
  )
}
