/**
 * The type filter (spec section 5) in a select's terms: a select's value is a string, and no type is
 * 'any', under 'All types'. Shared by the filter's stand-in, drawn with the first screen, and its
 * control, whose code (the names of the types among it) loads after.
 */
export const ANY_TYPE_OPTION = { value: 'any', label: 'All types' } as const

/** The filter's accessible name, the stand-in's and the control's alike. */
export const TYPE_FILTER_LABEL = 'File type'

/** The select's value for the filter's: a MIME type, or 'any'. */
export const typeSelectValue = (type: string | null): string => type ?? ANY_TYPE_OPTION.value

/** The filter's value for the select's. */
export const typeFilterOf = (selected: string): string | null =>
  selected === ANY_TYPE_OPTION.value ? null : selected

/** What the type filter is given: the type chosen (null: any) and the types the library holds. */
export interface TypeFilterProps {
  value: string | null
  types: readonly string[]
  onChange: (value: string | null) => void
}
