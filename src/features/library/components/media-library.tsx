import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { Spinner } from '../../../components/ui/spinner'
import { useMedia } from '../api/get-media'
import { SAMPLE_FILES } from '../sample-files'
import { FileTable } from './file-table'

/** Spec section 4: a failed load shows this message, and the sample files stand in behind it. */
export const LOAD_FAILED_MESSAGE = 'Failed to load files. Please try again.'

export function MediaLibrary() {
  const { data, error, isLoading, mutate } = useMedia()
  if (isLoading) return <Spinner label="Loading files..." />
  if (error !== undefined || !data) {
    return (
      <>
        <ErrorState message={LOAD_FAILED_MESSAGE} onRetry={() => void mutate()} />
        <FileTable records={SAMPLE_FILES} />
      </>
    )
  }
  if (data.length === 0) {
    return <EmptyState title="No files found" hint="Get started by uploading your first file." />
  }
  return <FileTable records={data} />
}
