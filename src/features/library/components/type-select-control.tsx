import { useMemo } from 'react'

import type { LoadedProps } from '../../../components/ui/lazy-load'
import { RadixSelectControl } from '../../../components/ui/select-parts'
import {
  ANY_TYPE_OPTION,
  TYPE_FILTER_LABEL,
  typeFilterOf,
  typeSelectValue,
  type TypeFilterProps,
} from '../model/type-filter'
import { typeGroupsOf } from '../model/type-options'

/**
 * The type filter once its code is there (see `TypeSelect`): the types present, each under the name a
 * person reads, grouped by kind.
 */
export function TypeSelectControl({ value, types, onChange, defaultOpen }: TypeFilterProps & LoadedProps) {
  // A type from the address that no file has any more stays choosable, so the control shows it.
  const groups = useMemo(
    () => typeGroupsOf(value === null || types.includes(value) ? types : [...types, value]),
    [types, value],
  )
  return (
    <RadixSelectControl
      label={TYPE_FILTER_LABEL}
      value={typeSelectValue(value)}
      options={[ANY_TYPE_OPTION]}
      groups={groups}
      onValueChange={(next) => {
        onChange(typeFilterOf(next))
      }}
      defaultOpen={defaultOpen}
    />
  )
}
