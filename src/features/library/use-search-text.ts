import { useEffect, useState } from 'react'

import type { ViewPatch } from '../../app/url-state'

/** Typing rewrites the URL once it pauses: browsers throttle history updates made on every keystroke. */
const URL_DELAY_MS = 300

/**
 * The search box's text. It filters at once (deferred, so typing never waits on the list); the URL
 * follows after a pause, as one history entry per search rather than one per keystroke. Back and
 * Forward put the URL's text back in the box.
 */
export function useSearchText(
  urlQuery: string,
  update: (patch: ViewPatch, mode: 'push' | 'replace') => void,
) {
  const [text, setText] = useState(urlQuery)
  const [seen, setSeen] = useState(urlQuery)
  if (seen !== urlQuery) {
    setSeen(urlQuery)
    setText(urlQuery)
  }
  useEffect(() => {
    if (text === urlQuery) return
    const timer = setTimeout(() => {
      update({ filters: { query: text }, file: null }, urlQuery === '' ? 'push' : 'replace')
    }, URL_DELAY_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [text, urlQuery, update])
  return [text, setText] as const
}
