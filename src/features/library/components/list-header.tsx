import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'

import type { Sort, SortKey } from '../model/filters'

const COLUMNS: readonly { key: SortKey; label: string }[] = [
  { key: 'title', label: 'Name' },
  { key: 'type', label: 'Type' },
  { key: 'size', label: 'Size' },
  { key: 'date', label: 'Date' },
]

/** Spec section 2: Name, Type, Size and Date sort; clicking the sorted column flips its direction. */
export function ListHeader({ sort, onSort }: { sort: Sort; onSort: (key: SortKey) => void }) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col" className="file-table__check">
          <span className="visually-hidden">Selected</span>
        </th>
        {COLUMNS.map(({ key, label }) => {
          const sorted = sort.key === key
          const Arrow = !sorted ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown
          return (
            <th
              key={key}
              scope="col"
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
          )
        })}
        <th scope="col">Actions</th>
      </tr>
    </thead>
  )
}
