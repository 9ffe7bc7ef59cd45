import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { MediaResults } from '../../../../../src/features/library/components/media-results'
import type { LibraryResults } from '../../../../../src/features/library/model/library-results'
import type { Selection } from '../../../../../src/features/library/model/selection'

afterEach(cleanup)

/** No file passes: the empty results are all this screen part reads before it says so. */
const NOTHING = { count: 0, total: 0 } as LibraryResults
const NO_SELECTION = {
  ids: { has: () => false, size: 0 },
  toggle: () => undefined,
  only: () => undefined,
  extendTo: () => undefined,
} as unknown as Selection

function results({ arriving, narrowed }: { arriving: boolean; narrowed: boolean }) {
  render(
    <MediaResults
      results={NOTHING}
      view="grid"
      sort={{ key: 'title', direction: 'asc' }}
      onSort={() => undefined}
      selection={NO_SELECTION}
      narrowed={narrowed}
      stale={false}
      arriving={arriving}
      onView={() => undefined}
      onFilter={() => undefined}
      contextActions={[]}
      cardActions={[]}
    />,
  )
}

describe('results with no file in them', () => {
  it('while the library arrives, wait for it rather than call it empty: the files may be in the pages to come', () => {
    results({ arriving: true, narrowed: false })
    expect(screen.queryByText('No files found')).not.toBeInTheDocument()
    expect(document.querySelector('.results-state')).toHaveAttribute('aria-busy', 'true')
  })

  it('once the library is in, say it is empty, with the upload hint', () => {
    results({ arriving: false, narrowed: false })
    expect(screen.getByText('No files found')).toBeInTheDocument()
    expect(screen.getByText('Get started by uploading your first file.')).toBeInTheDocument()
  })

  it('say a search found nothing among the files in so far, with its hint', () => {
    results({ arriving: true, narrowed: true })
    expect(screen.getByText('No files found')).toBeInTheDocument()
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument()
  })
})
