import { ArrowDown, ArrowUp, Grid2x2, Grid3x3, LayoutGrid, List } from 'lucide-react'

import { Select } from '../../../components/ui/select'
import { Toggle } from '../../../components/ui/toggle'
import type { Sort, SortKey } from '../model/filters'
import { setCardDensity, useCardDensity } from './card-density'
import type { CardDensity } from './card-geometry'
import type { ViewMode } from './media-results'

/**
 * Grid or list; grid is the default (spec section 9). Two pressed-state toggle buttons rather than a
 * radio group: each says what it shows, and the pressed one is the current view. In grid view the card
 * density switch follows it.
 */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <>
      <ViewModeToggle value={value} onChange={onChange} />
      {value === 'grid' && <DensityToggle />}
    </>
  )
}

function ViewModeToggle({ value, onChange }: { value: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <div className="toggle-group" role="group" aria-label="View">
      <Toggle
        className="toggle-group__item"
        pressed={value === 'grid'}
        onPressedChange={() => {
          onChange('grid')
        }}
      >
        <LayoutGrid size={16} aria-hidden="true" />
        Grid
      </Toggle>
      <Toggle
        className="toggle-group__item"
        pressed={value === 'list'}
        onPressedChange={() => {
          onChange('list')
        }}
      >
        <List size={16} aria-hidden="true" />
        List
      </Toggle>
    </div>
  )
}

const DENSITY_OPTIONS: readonly { value: CardDensity; label: string; icon: typeof Grid2x2 }[] = [
  { value: 'comfortable', label: 'Comfortable', icon: Grid2x2 },
  { value: 'compact', label: 'Compact', icon: Grid3x3 },
]

/**
 * Comfortable cards (everything of spec section 2) or compact ones (picture, title, one line). Icon
 * buttons named by their tooltips, pressed like the view's; the choice is kept on this device.
 */
export function DensityToggle() {
  const density = useCardDensity()
  return (
    <div className="toggle-group" role="group" aria-label="Card density">
      {DENSITY_OPTIONS.map(({ value, label, icon: Icon }) => (
        <Toggle
          key={value}
          className="toggle-group__item"
          aria-label={label}
          title={label}
          pressed={density === value}
          onPressedChange={() => {
            setCardDensity(value)
          }}
        >
          <Icon size={16} aria-hidden="true" />
        </Toggle>
      ))}
    </div>
  )
}

const SORT_OPTIONS: readonly { value: SortKey; label: string }[] = [
  { value: 'title', label: 'Name' },
  { value: 'type', label: 'Type' },
  { value: 'size', label: 'Size' },
  { value: 'date', label: 'Date' },
]

function isSortKey(value: string): value is SortKey {
  return SORT_OPTIONS.some((option) => option.value === value)
}

/** The sort for the grid, which has no column headers; the list's headers drive the same state. */
export function SortControl({ sort, onChange }: { sort: Sort; onChange: (sort: Sort) => void }) {
  const ascending = sort.direction === 'asc'
  return (
    <div className="sort-control">
      <Select
        label="Sort by"
        value={sort.key}
        options={SORT_OPTIONS}
        onValueChange={(key) => {
          if (isSortKey(key)) onChange({ key, direction: sort.direction })
        }}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
        title={ascending ? 'Ascending: click for descending' : 'Descending: click for ascending'}
        onClick={() => {
          onChange({ key: sort.key, direction: ascending ? 'desc' : 'asc' })
        }}
      >
        {ascending ? <ArrowUp size={16} aria-hidden="true" /> : <ArrowDown size={16} aria-hidden="true" />}
      </button>
    </div>
  )
}
