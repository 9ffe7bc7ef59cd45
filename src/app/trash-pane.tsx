import { lazy, Suspense } from 'react'

import { ErrorBoundary } from '../components/ui/error-boundary'
import { Spinner } from '../components/ui/spinner'
import { FILES_ID } from './skip-link'

// The Trash view is opened now and then: loaded on first use rather than with the file list.
const TrashView = lazy(() =>
  import('../features/trash/components/trash-view').then((module) => ({ default: module.TrashView })),
)

/** The main region while the Trash view is open in place of the file list. */
export function TrashPane({ onRestored }: { onRestored: () => void }) {
  return (
    <main id={FILES_ID} className="app__main" tabIndex={-1}>
      <ErrorBoundary region="trash">
        <Suspense fallback={<Spinner label="Loading the trash..." />}>
          <TrashView onRestored={onRestored} />
        </Suspense>
      </ErrorBoundary>
    </main>
  )
}
