import { useMemo } from 'react'

import { Select, type SelectOption } from '../../../components/ui/select'
import { CATEGORY_FILTERS, CATEGORY_LABELS, isCategoryFilter, type CategoryFilter } from '../model/categories'
import { typeGroupsOf } from '../model/type-options'

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

const ANY_TYPE = 'any'

/**
 * Spec section 5: the type filter is an exact match on `file_type`; its options are the types present,
 * each under the name a person reads, grouped by kind.
 */
export function TypeSelect({
  value,
  types,
  onChange,
}: {
  value: string | null
  types: readonly string[]
  onChange: (value: string | null) => void
}) {
  // A type from the address that no file has any more stays choosable, so the control shows it.
  const groups = useMemo(
    () => typeGroupsOf(value === null || types.includes(value) ? types : [...types, value]),
    [types, value],
  )
  return (
    <Select
      label="File type"
      value={value ?? ANY_TYPE}
      options={[{ value: ANY_TYPE, label: 'All types' }]}
      groups={groups}
      onValueChange={(next) => {
        onChange(next === ANY_TYPE ? null : next)
      }}
    />
  )
}
