import { Select, type SelectOption } from '../../../components/ui/select'
import { CATEGORY_FILTERS, CATEGORY_LABELS, isCategoryFilter, type CategoryFilter } from '../model/categories'

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

/** Spec section 5: the type filter is an exact match on `file_type`; its options are the types present. */
export function TypeSelect({
  value,
  types,
  onChange,
}: {
  value: string | null
  types: readonly string[]
  onChange: (value: string | null) => void
}) {
  const known = value === null || types.includes(value) ? types : [...types, value]
  const options: SelectOption[] = [
    { value: ANY_TYPE, label: 'All types' },
    ...known.map((type) => ({ value: type, label: type })),
  ]
  return (
    <Select
      label="File type"
      value={value ?? ANY_TYPE}
      options={options}
      onValueChange={(next) => {
        onChange(next === ANY_TYPE ? null : next)
      }}
    />
  )
}
