import { thousands } from '../../../lib/plural'

interface SelectionBarProps {
  selectedCount: number
  shownCount: number
  totalCount: number
  /** Pages still arriving: select-all and the count cover only what has arrived. */
  progress: { loaded: number; expected: number | null } | null
  /**
   * The rest of the pages wait for the server (an outage, a failed page): the count says what is in,
   * and leaves the waiting to the connection line, which says it once.
   */
  stalled?: boolean
  onSelectAll: () => void
  onClear: () => void
}

function files(count: number): string {
  return `${thousands(count)} ${count === 1 ? 'file' : 'files'}`
}

/**
 * The count line while pages arrive: how many files are in, and of how many when last counted. While
 * the load is stalled it claims no loading: only what is in.
 */
function loadingLine(
  shown: number,
  total: number,
  { loaded, expected }: { loaded: number; expected: number | null },
  stalled: boolean,
) {
  if (shown !== total) {
    const line = `${thousands(shown)} of ${thousands(total)} loaded files`
    return stalled ? line : `${line}; loading the rest...`
  }
  if (stalled) {
    return expected !== null && expected > loaded
      ? `${thousands(loaded)} of ${thousands(expected)} files loaded`
      : `${files(loaded)} loaded`
  }
  if (expected !== null && expected > loaded) {
    return `Loading the library... ${thousands(loaded)} of ${thousands(expected)} files`
  }
  return `Loading the library... ${thousands(loaded)} files so far`
}

/** Spec section 2: select-all (all currently filtered files), clear, and the count of selected files. */
export function SelectionBar({
  selectedCount,
  shownCount,
  totalCount,
  progress,
  stalled = false,
  onSelectAll,
  onClear,
}: SelectionBarProps) {
  return (
    <div className="selection-bar">
      <button
        type="button"
        className="button button--secondary"
        onClick={onSelectAll}
        disabled={shownCount === 0}
      >
        {progress === null ? 'Select all' : `Select all ${thousands(shownCount)} loaded files`}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={onClear}
        disabled={selectedCount === 0}
      >
        Clear selection
      </button>
      <span className="selection-bar__count" aria-live="polite">
        {thousands(selectedCount)} selected
      </span>
      <span className="selection-bar__shown" role="status">
        {progress !== null
          ? loadingLine(shownCount, totalCount, progress, stalled)
          : shownCount === totalCount
            ? files(totalCount)
            : `${thousands(shownCount)} of ${files(totalCount)}`}
      </span>
    </div>
  )
}
