import type { FileMetadata } from '../../../contract/record'
import { formatDateTime } from '../../../lib/format-date'
import { thousands } from '../../../lib/plural'
import './file-metadata.css'

export const FROM_THE_FILE = 'From the file'
export const GPS_NOTE = 'Kept on this record from the file. It is not sent to Webflow.'

/**
 * Details' "From the file": what the server read from the file's embedded metadata (EXIF, IPTC, XMP;
 * decision 0044): camera, date taken, keywords, caption, creator, copyright, a PDF's number of pages,
 * and the GPS position as numbers with a note that it is kept. No map and no link: the position goes nowhere from here. Nothing
 * when the record has none.
 */
export function FileMetadataSection({ metadata }: { metadata: FileMetadata | undefined }) {
  if (!metadata) return null
  const camera = [metadata.camera_make, metadata.camera_model].filter(Boolean).join(' ')
  const rows: [string, React.ReactNode][] = []
  if (camera !== '') rows.push(['Camera', camera])
  if (metadata.taken_at) rows.push(['Date taken', takenAtLabel(metadata.taken_at)])
  if (metadata.keywords?.length) rows.push(['Keywords', metadata.keywords.join(', ')])
  if (metadata.caption)
    rows.push(['Caption', <span className="file-metadata__caption">{metadata.caption}</span>])
  if (metadata.creator) rows.push(['Creator', metadata.creator])
  if (metadata.copyright) rows.push(['Copyright', metadata.copyright])
  if (metadata.page_count !== undefined) rows.push(['Pages', thousands(metadata.page_count)])
  if (metadata.gps) {
    rows.push([
      'GPS position',
      <>
        {metadata.gps.latitude.toFixed(6)}, {metadata.gps.longitude.toFixed(6)}
        <span className="file-metadata__note">{GPS_NOTE}</span>
      </>,
    ])
  }
  if (rows.length === 0) return null
  return (
    <section className="file-metadata" aria-label={FROM_THE_FILE}>
      <h3 className="file-metadata__heading">{FROM_THE_FILE}</h3>
      <dl className="details__fields">
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/**
 * A date with a zone in the reader's own time; one without (the camera's clock, zone unknown) as the
 * camera said it, since moving it into any zone would be a guess.
 */
function takenAtLabel(takenAt: string): string {
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(takenAt)
  return zoned ? formatDateTime(takenAt) : takenAt.replace('T', ' ')
}
