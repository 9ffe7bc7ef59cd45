import '@testing-library/jest-dom/vitest'

import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'

import { resetAccessState } from '../../src/lib/access'
import { resetConnectivity } from '../../src/lib/connectivity'

// Files of the `components` project share one module cache (vite.config.ts), so what a module does once
// on import is done here for every file, and each test starts from the state of a fresh page, whatever
// the test before it, in this file or another, left behind.
beforeAll(() => {
  // jsdom lays nothing out and has no scrolling into view, which the screen asks for.
  if (!('scrollIntoView' in Element.prototype))
    Object.assign(Element.prototype, { scrollIntoView: () => undefined })
  // Testing Library turns React's act() environment on when it is first imported, and off again after
  // that file: every file needs it on.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
})
afterEach(() => {
  cleanup()
  localStorage.clear()
  resetConnectivity()
  resetAccessState()
})
