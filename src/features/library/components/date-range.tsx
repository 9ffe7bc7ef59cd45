import { X } from 'lucide-react'

interface DateRangeProps {
  from: string | null
  to: string | null
  onChange: (range: { from: string | null; to: string | null }) => void
}

/** The created-date range the spec keeps as state, made visible: two inclusive calendar days. */
export function DateRange({ from, to, onChange }: DateRangeProps) {
  return (
    <fieldset className="date-range">
      <legend className="visually-hidden">Created between</legend>
      <label className="date-range__field">
        <span>From</span>
        <input
          type="date"
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(event) => {
            onChange({ from: event.target.value || null, to })
          }}
        />
      </label>
      <label className="date-range__field">
        <span>To</span>
        <input
          type="date"
          value={to ?? ''}
          min={from ?? undefined}
          onChange={(event) => {
            onChange({ from, to: event.target.value || null })
          }}
        />
      </label>
      {(from !== null || to !== null) && (
        <button
          type="button"
          className="icon-button"
          aria-label="Clear date range"
          onClick={() => {
            onChange({ from: null, to: null })
          }}
        >
          <X size={14} aria-hidden="true" />
        </button>
      )}
    </fieldset>
  )
}
