import { useEffect, useState } from 'react'

/** Typing rewrites the URL once it pauses: browsers throttle history updates made on every keystroke. */
const URL_DELAY_MS = 300

/**
 * The search box's text. It filters at once (deferred, so typing never waits on the list); the URL
 * follows after a pause (`write`), as one history entry per search rather than one per keystroke: a
 * new entry when the address had no search, the same entry rewritten while the search changes. Back and
 * Forward put the URL's text back in the box.
 */
export function useSearchText(urlQuery: string, write: (text: string, mode: 'push' | 'replace') => void) {
  const [text, setText] = useState(urlQuery)
  const [seen, setSeen] = useState(urlQuery)
  if (seen !== urlQuery) {
    setSeen(urlQuery)
    setText(urlQuery)
  }
  useEffect(() => {
    if (text === urlQuery) return
    const timer = setTimeout(() => {
      write(text, urlQuery === '' ? 'push' : 'replace')
    }, URL_DELAY_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [text, urlQuery, write])
  return [text, setText] as const
}
