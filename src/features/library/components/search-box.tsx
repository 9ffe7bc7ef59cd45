import { Search, X } from 'lucide-react'

interface SearchBoxProps {
  value: string
  onChange: (value: string) => void
}

/** Spec section 2: matches title, description, author or any tag, ignoring case. */
export function SearchBox({ value, onChange }: SearchBoxProps) {
  return (
    <div className="search">
      <Search size={16} aria-hidden="true" className="search__icon" />
      <input
        type="search"
        className="search__input"
        placeholder="Search files..."
        aria-label="Search files"
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
        }}
      />
      {value !== '' && (
        <button
          type="button"
          className="search__clear"
          aria-label="Clear search"
          onClick={() => {
            onChange('')
          }}
        >
          <X size={14} aria-hidden="true" />
        </button>
      )}
    </div>
  )
}
