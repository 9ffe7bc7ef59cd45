interface SelectionBarProps {
  selectedCount: number
  shownCount: number
  totalCount: number
  /** Still following the list's pages: select-all can only pick what has arrived. */
  loadingMore: boolean
  onSelectAll: () => void
  onClear: () => void
}

function files(count: number): string {
  return `${String(count)} ${count === 1 ? 'file' : 'files'}`
}

/** Spec section 2: select-all (all currently filtered files), clear, and the count of selected files. */
export function SelectionBar({
  selectedCount,
  shownCount,
  totalCount,
  loadingMore,
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
        Select all
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
        {selectedCount} selected
      </span>
      <span className="selection-bar__shown" role="status">
        {shownCount === totalCount ? files(totalCount) : `${String(shownCount)} of ${files(totalCount)}`}
        {loadingMore && ' (loading more...)'}
      </span>
    </div>
  )
}
