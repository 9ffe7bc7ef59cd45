import { useCallback, useMemo, useRef, useState } from 'react'

import type { TrashedRecord } from '../api/get-trash'

/**
 * The Trash view's checked rows, by id. Only rows still listed count, so a file restored or deleted
 * forever leaves the selection with its row. A shift-click checks or clears every row from the last one
 * clicked, as in the file list.
 */
export function useTrashSelection(records: readonly TrashedRecord[]) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set())
  const anchor = useRef<number | null>(null)
  const selected = useMemo(() => records.filter((record) => checked.has(record.id)), [records, checked])
  const allChecked: boolean | 'indeterminate' =
    selected.length === 0 ? false : selected.length === records.length ? true : 'indeterminate'

  const toggle = useCallback(
    (record: TrashedRecord, range: boolean) => {
      const on = !checked.has(record.id)
      const from = records.findIndex((item) => item.id === anchor.current)
      const to = records.findIndex((item) => item.id === record.id)
      const span =
        range && from >= 0 && to >= 0
          ? records.slice(Math.min(from, to), Math.max(from, to) + 1).map((item) => item.id)
          : [record.id]
      anchor.current = record.id
      setChecked((current) => {
        const next = new Set(current)
        for (const id of span) {
          if (on) next.add(id)
          else next.delete(id)
        }
        return next
      })
    },
    [checked, records],
  )

  const toggleAll = useCallback(() => {
    setChecked(allChecked === true ? new Set() : new Set(records.map((record) => record.id)))
  }, [allChecked, records])

  /** Unchecks these rows: an action on them has started. */
  const release = useCallback((targets: readonly TrashedRecord[]) => {
    setChecked((current) => {
      const next = new Set(current)
      for (const record of targets) next.delete(record.id)
      return next
    })
  }, [])

  return { checked, selected, allChecked, toggle, toggleAll, release }
}
