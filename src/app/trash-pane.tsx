import { Suspense } from 'react'

import { ErrorBoundary } from '../components/ui/error-boundary'
import { lazyWithPreload } from '../components/ui/lazy-load'
import { Spinner } from '../components/ui/spinner'
import { loadTrashView, type TrashDetails } from '../features/trash'
import { FILES_ID } from './skip-link'

// The Trash view is opened now and then: kept out of the first load, fetched when the page is idle.
const TrashView = lazyWithPreload(loadTrashView)

/** The main region while the Trash view is open in place of the file list. */
export function TrashPane({ onRestored, details }: { onRestored: () => void; details: TrashDetails }) {
  return (
    <main id={FILES_ID} className="app__main" tabIndex={-1}>
      <ErrorBoundary region="trash">
        <Suspense fallback={<Spinner label="Loading the trash..." />}>
          <TrashView onRestored={onRestored} details={details} />
        </Suspense>
      </ErrorBoundary>
    </main>
  )
}
