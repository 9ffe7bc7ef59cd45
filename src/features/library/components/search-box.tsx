import { Search, X } from 'lucide-react'
import { useCallback, useRef } from 'react'

import { SCREEN_KEYS } from '../../../lib/shortcuts'
import { useScreenKey } from '../../../lib/use-screen-key'
import './search-box.css'

interface SearchBoxProps {
  value: string
  onChange: (value: string) => void
}

/**
 * Spec section 2: matches title, description, author or any tag, ignoring case. A search input (so phones
 * offer a search key) whose own clear button is hidden: ours is the one clear button, in every browser.
 * '/' outside a text field comes here, with what was typed selected so the next letters replace it.
 */
export function SearchBox({ value, onChange }: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null)
  const focus = useCallback(() => {
    input.current?.focus()
    input.current?.select()
  }, [])
  useScreenKey(SCREEN_KEYS.focusSearch.test, focus)
  return (
    <div className="search">
      <Search size={16} aria-hidden="true" className="search__icon" />
      <input
        ref={input}
        type="search"
        className="search__input"
        placeholder="Search files..."
        aria-label="Search files"
        aria-keyshortcuts="/"
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
