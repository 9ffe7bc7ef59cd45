import { cleanup, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { SelectionBar } from '../../../../../src/features/library/components/selection-bar'

function bar(
  shownCount: number,
  totalCount: number,
  progress: { loaded: number; expected: number | null } | null,
  stalled = false,
) {
  render(
    <SelectionBar
      selectedCount={0}
      shownCount={shownCount}
      totalCount={totalCount}
      progress={progress}
      stalled={stalled}
      onSelectAll={() => undefined}
      onClear={() => undefined}
    />,
  )
}

describe('the selection bar while the library arrives', () => {
  it('counts what has arrived against the size last seen, and Select all says what it covers', () => {
    bar(25_000, 25_000, { loaded: 25_000, expected: 100_000 })
    expect(screen.getByRole('status')).toHaveTextContent('Loading the library... 25,000 of 100,000 files')
    expect(screen.getByRole('button', { name: 'Select all 25,000 loaded files' })).toBeEnabled()
  })

  it('says "so far" when the size is not known yet', () => {
    bar(2_000, 2_000, { loaded: 2_000, expected: null })
    expect(screen.getByRole('status')).toHaveTextContent('Loading the library... 2,000 files so far')
  })

  it('says a filtered count covers only the loaded files', () => {
    bar(12, 25_000, { loaded: 25_000, expected: 100_000 })
    expect(screen.getByRole('status')).toHaveTextContent('12 of 25,000 loaded files; loading the rest...')
    expect(screen.getByRole('button', { name: 'Select all 12 loaded files' })).toBeEnabled()
  })

  it('reads as before once every page is in', () => {
    bar(3, 100_000, null)
    expect(screen.getByRole('status')).toHaveTextContent('3 of 100,000 files')
    expect(screen.getByRole('button', { name: 'Select all' })).toBeEnabled()
  })

  it('claims no loading while the rest waits for the server, whose line says so once', () => {
    bar(25_000, 25_000, { loaded: 25_000, expected: 100_000 }, true)
    expect(screen.getByRole('status')).toHaveTextContent(/^25,000 of 100,000 files loaded$/)
    cleanup()
    bar(2_000, 2_000, { loaded: 2_000, expected: null }, true)
    expect(screen.getByRole('status')).toHaveTextContent(/^2,000 files loaded$/)
    cleanup()
    bar(12, 25_000, { loaded: 25_000, expected: 100_000 }, true)
    expect(screen.getByRole('status')).toHaveTextContent(/^12 of 25,000 loaded files$/)
    expect(screen.getByRole('button', { name: 'Select all 12 loaded files' })).toBeEnabled()
  })
})
