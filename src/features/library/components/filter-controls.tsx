import { X } from 'lucide-react'
import { useEffect } from 'react'

import { lazyWithStandIn, type StandInProps } from '../../../components/ui/lazy-load'
import { Select, SelectStandIn, type SelectOption } from '../../../components/ui/select'
import { CATEGORY_FILTERS, CATEGORY_LABELS, isCategoryFilter, type CategoryFilter } from '../model/categories'
import {
  ANY_TYPE_OPTION,
  TYPE_FILTER_LABEL,
  typeSelectValue,
  type TypeFilterProps,
} from '../model/type-filter'
import { UNUSED_DAY_CHOICES } from '../model/unused'

import './filter-controls.css'

const CATEGORY_OPTIONS: readonly SelectOption[] = CATEGORY_FILTERS.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}))

export function CategorySelect({
  value,
  onChange,
}: {
  value: CategoryFilter
  onChange: (value: CategoryFilter) => void
}) {
  return (
    <Select
      label="Category"
      value={value}
      options={CATEGORY_OPTIONS}
      onValueChange={(next) => {
        if (isCategoryFilter(next)) onChange(next)
      }}
    />
  )
}

/** The type filter until its code is there: the closed select, a chosen type under its MIME type. */
function TypeSelectStandIn({ value, preload, openOnLoad }: TypeFilterProps & StandInProps) {
  // A chosen type is in view: the code that names it is asked for at once, not at an idle moment.
  useEffect(() => {
    if (value !== null) preload()
  }, [value, preload])
  return (
    <SelectStandIn
      label={TYPE_FILTER_LABEL}
      value={typeSelectValue(value)}
      options={value === null ? [ANY_TYPE_OPTION] : [ANY_TYPE_OPTION, { value, label: value }]}
      onValueChange={() => undefined}
      preload={preload}
      openOnLoad={openOnLoad}
    />
  )
}

/**
 * Spec section 5: the type filter is an exact match on `file_type`; its options are the types present,
 * each under the name a person reads, grouped by kind. Those names (`fileTypeLabel`'s table) load with the
 * control, after the first screen, which draws its stand-in: the first route's budget has no room for a
 * table only an open list reads (decision 0093).
 */
export const TypeSelect = lazyWithStandIn<TypeFilterProps>(
  () => import('./type-select-control').then((module) => module.TypeSelectControl),
  TypeSelectStandIn,
)

const ANY_USE = 'any'

const USE_OPTIONS: readonly SelectOption[] = [
  { value: ANY_USE, label: 'Used or not' },
  ...UNUSED_DAY_CHOICES.map((days) => ({ value: String(days), label: `Unused for ${String(days)} days` })),
]

/**
 * The Unused filter (decision 0073): files with no Webflow item, no share link that still opens, and
 * neither delivered nor uploaded for the chosen number of days, to clean up with Select all and Delete.
 */
export function UnusedSelect({
  value,
  onChange,
}: {
  value: number | null
  onChange: (value: number | null) => void
}) {
  return (
    <Select
      label="Use"
      value={value === null ? ANY_USE : String(value)}
      options={USE_OPTIONS}
      onValueChange={(next) => {
        onChange(next === ANY_USE ? null : Number(next))
      }}
    />
  )
}

/**
 * The tag and author picked from a file, each a chip that removes its filter. Outside the folding filter
 * row, so a phone shows them too; nothing when neither is set.
 */
export function ActiveFilters({
  tag,
  author,
  onRemove,
}: {
  tag: string | null
  author: string | null
  onRemove: (filter: 'tag' | 'author') => void
}) {
  const chips = [
    { filter: 'tag' as const, name: 'Tag', value: tag },
    { filter: 'author' as const, name: 'Author', value: author },
  ].filter((chip) => chip.value !== null)
  if (chips.length === 0) return null
  return (
    <ul className="active-filters" aria-label="Filters from files">
      {chips.map(({ filter, name, value }) => (
        <li key={filter} className="active-filters__chip">
          <span>
            {name}: <strong>{value}</strong>
          </span>
          <button
            type="button"
            className="active-filters__remove"
            aria-label={`Remove filter ${filter}: ${value ?? ''}`}
            title="Remove this filter"
            onClick={() => {
              onRemove(filter)
            }}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}
