// First the file list's start, before the screen's own modules run.
import { startListingEarly } from '../features/library'
// Then the theme (the page's head set it for the first paint; from here it follows the system's).
import './theme-init'

import { StrictMode, startTransition } from 'react'

import { prepareDateFormat } from '../lib/format-date'
import { retryingImport } from '../lib/retry-import'
import { App } from './app'
import { InvitePage, onInvitePage } from './invite-page'
import { Providers } from './providers'
import './styles.css'

// The file list's first page is asked for (or the request the HTML started is taken over) and its worker
// starts (reading the kept library, decision 0077), once the script's modules have run and before the
// screen's first render. From a microtask, not from the module's own code: a request made with the whole
// script's top level on the stack (the worker, the schema check's code) had Chromium, when a debugging
// client such as a test driver watches the network, re-read the whole script for its initiator's source
// positions, 15-18 ms (decision 0061).
queueMicrotask(startListingEarly)

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

// React DOM's client runs in a task of its own after this one (it is in this script's chunk all the
// same: scripts/first-route-chunk.ts). Its module makes Error objects as it runs, and a browser driven
// through DevTools records each one's stack with source positions, re-reading every script on that
// stack, this whole one too when it ran with the script's modules: 15 of that task's 22 ms of CPU
// (decision 0062).
setTimeout(() => {
  void retryingImport(() => import('react-dom/client')).then(({ createRoot }) => {
    // A transition: React renders the screen in slices, yielding to the browser between them, rather
    // than in one long task; the page's HTML shows the header and 'Loading files...' meanwhile (decision
    // 0038).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <Providers>{onInvitePage() ? <InvitePage /> : <App />}</Providers>
        </StrictMode>,
      )
    })
  })
}, 0)

// The cards' date format is made in a task of its own, not in this one nor in the first cards' render
// (decision 0061).
setTimeout(prepareDateFormat, 0)
