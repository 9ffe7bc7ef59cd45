// First the file list, before the screen's own modules run.
import './start-listing'
// Then the theme (the page's head set it for the first paint; from here it follows the system's).
import './theme-init'

import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'

import { prepareDateFormat } from '../lib/format-date'
import { App } from './app'
import { Providers } from './providers'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

// A transition: React renders the screen in slices, yielding to the browser between them, rather than in
// one long task; the page's HTML shows the header and 'Loading files...' meanwhile (decision 0038).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  )
})

// The cards' date format is made in a task of its own, not in this one nor in the first cards' render
// (decision 0061).
setTimeout(prepareDateFormat, 0)
