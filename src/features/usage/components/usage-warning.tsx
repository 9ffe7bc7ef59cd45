import type { MediaRecord } from '../../../contract/record'
import { useFileUsage } from '../api/file-usage'
import { placesInUse, placesOfFiles } from '../model/usage-words'

import './used-in.css'

/** The places in words, under the question whether to delete; nothing when there are none. */
function Places({ lead, places }: { lead: string; places: readonly string[] }) {
  if (places.length === 0) return null
  return (
    <div className="usage-warning" role="note">
      <p>{lead}</p>
      <ul className="usage-warning__list">
        {places.map((place) => (
          <li key={place}>{place}</li>
        ))}
      </ul>
    </div>
  )
}

/** Where one file about to be deleted is used, as the server knows it; nothing until it answers. */
function OneFileWarning({ fileId }: { fileId: number }) {
  const { data } = useFileUsage(fileId)
  return <Places lead="This file is in use:" places={data ? placesInUse(data) : []} />
}

/**
 * Warns, in a delete confirmation, of the places the files are used (decision 0073): one file's from
 * `GET /api/media/{id}/usage`, many files' from what the file list already holds of each, so a bulk
 * delete of thousands asks nothing more.
 */
export function UsageWarning({ records }: { records: readonly MediaRecord[] }) {
  const [only] = records
  if (records.length === 1 && only) return <OneFileWarning fileId={only.id} />
  return <Places lead="Some of these files are in use:" places={placesOfFiles(records)} />
}
