import { Search, X } from 'lucide-react'

import './search-box.css'

interface SearchBoxProps {
  value: string
  onChange: (value: string) => void
}

/**
 * Spec section 2: matches title, description, author or any tag, ignoring case. A search input (so phones
 * offer a search key) whose own clear button is hidden: ours is the one clear button, in every browser.
 */
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
