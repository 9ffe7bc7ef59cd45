import { useFileUsage } from '../api/file-usage'
import { USAGE_WORDS, usedInLines } from '../model/usage-words'

import './used-in.css'

/** Details' "Used in": the file's Webflow item, its live share links and its folder (decision 0073). */
export function UsedIn({ fileId }: { fileId: number }) {
  const { data, error } = useFileUsage(fileId)
  const lines = data ? usedInLines(data) : []
  return (
    <section className="used-in" aria-label={USAGE_WORDS.heading}>
      <h3 className="used-in__heading">{USAGE_WORDS.heading}</h3>
      {error ? (
        <p>{USAGE_WORDS.failed}</p>
      ) : !data ? (
        <p>{USAGE_WORDS.checking}</p>
      ) : (
        <>
          {data.webflow.length === 0 && data.shares === 0 && <p>{USAGE_WORDS.nowhere}</p>}
          {lines.length > 0 && (
            <ul className="used-in__list">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
