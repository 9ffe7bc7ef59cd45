import {
  Suspense,
  use,
  useCallback,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'

import { onReconnect } from '../../lib/connectivity'
import { importRound, retryFailedImports, retryingImport } from '../../lib/retry-import'
import { useStoreInTransition } from '../../lib/use-store-in-transition'
import { runWhenIdle } from '../../lib/when-idle'
import { ErrorBoundary } from './error-boundary'
import { PartFailed, PartLoading } from './lazy-part-states'

/** A component whose code loads on first render, or earlier through `preload` (on hover or focus of its opener). */
export type Preloadable<P> = ComponentType<P> & { preload: () => void }

/** How to load each lazy part made so far, so that all of them can load while the page is idle. */
const everyLoad = new Set<() => Promise<unknown>>()

/**
 * Wraps a component kept out of the first page load: a dialog, a view shown on demand. Once its code
 * is there it renders at once; before that it suspends (see `OpenedOnce`). Code that does not arrive is
 * asked for again a few times; a load that still fails stays failed for the renders of its round, so an
 * error boundary shows it (a render that loaded again would suspend until the network came back), and
 * is forgotten by Try again (`retryFailedImports`) and by a preload, which import afresh.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  /** The round in which the last load failed, while it is the one kept. */
  let failedIn: number | undefined
  const loadAfresh = () => {
    failedIn = undefined
    const attempt: Promise<ComponentType<P>> = retryingImport(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        if (pending === attempt) failedIn = importRound()
        throw error
      },
    )
    pending = attempt
    return attempt
  }
  const current = () =>
    pending === undefined || (failedIn !== undefined && failedIn !== importRound()) ? loadAfresh() : pending
  function Lazy(props: P) {
    const Component = loaded ?? use(current())
    // Not a component made during render: both branches give the one component the module exports.
    // eslint-disable-next-line react-hooks/static-components
    return <Component {...props} />
  }
  const loadOrRetry = () => (failedIn === undefined ? current() : loadAfresh())
  const preload = () => {
    // A failed preload is not the user's concern yet: the first render reports it.
    loadOrRetry().catch(() => undefined)
  }
  everyLoad.add(loadOrRetry)
  return Object.assign(Lazy, { preload })
}

/** What a stand-in gets besides the part's own props. */
export interface StandInProps {
  /** Starts loading the real part: on hover or focus of its trigger. */
  preload: () => void
  /**
   * Someone opened it (a press, a key) before its code was there: load it, then open it. Given the
   * `pointerdown` that asked, the real part waits for that press to end, so none of its events reach it.
   */
  openOnLoad: (event?: { type: string }) => void
}

/** What the real part gets besides its own props: open at once, as its stand-in was asked to. */
export interface LoadedProps {
  defaultOpen?: boolean
}

/** Marks the element of a stand-in that can hold the focus; the real part takes its place and the focus. */
export const STAND_IN_ATTRIBUTE = 'data-stand-in'

/**
 * A part drawn at once by a light stand-in (a menu's or a select's trigger, without Radix) and replaced by
 * the real part once its code is there: on intent (hover, focus, press), at the first idle moment with the
 * other lazy parts, or at once if it loaded already. A press before then is not lost: the real part
 * opens as it arrives, once the press has ended (its release and click would otherwise land on the real
 * part half-way). A stand-in that held the focus hands it to the element of the real part at its place.
 */
export function lazyWithStandIn<P extends object>(
  load: () => Promise<ComponentType<P & LoadedProps>>,
  StandIn: ComponentType<P & StandInProps>,
): ComponentType<P> & { preload: () => void } {
  let loaded: ComponentType<P & LoadedProps> | undefined
  /** What the parts render: `loaded`, once no press on a stand-in is under way. */
  let shown: { Component: ComponentType<P & LoadedProps> | undefined } = { Component: undefined }
  let pending: Promise<ComponentType<P & LoadedProps>> | undefined
  let pressed = false
  /** Someone asked a stand-in to open before the code was there. */
  let asked = false
  let focusAt: { parent: Element; index: number } | null = null
  const listeners = new Set<() => void>()
  /** The parts still drawn by their stand-ins once the code is there, told one an idle moment. */
  let untold: (() => void)[] = []
  // Where someone waits on a stand-in (a press, the focus) every part takes the real one at once.
  // Otherwise one part an idle moment, each in a transition: a part's first render and its layout
  // effects are one task (a Radix select draws its options, and draws again from a layout effect), and
  // every menu and select of the screen in one was a long task after the first screen (decision 0086).
  const someoneWaits = () => asked || focusAt !== null
  const tell = (listener: () => void) => {
    if (listeners.has(listener)) listener()
  }
  const tellAll = () => {
    const now = untold
    untold = []
    now.forEach(tell)
  }
  /** A stand-in that holds the focus hands it to the real part at its place (see `Part`). */
  const noteFocus = () => {
    const active = document.activeElement
    const parent = active?.hasAttribute(STAND_IN_ATTRIBUTE) === true ? active.parentElement : null
    if (active && parent) focusAt = { parent, index: [...parent.children].indexOf(active) }
  }
  const tellInTurn = () => {
    const next = untold[0]
    if (next === undefined) return
    noteFocus()
    if (someoneWaits()) {
      tellAll()
      return
    }
    untold.shift()
    tell(next)
    if (untold.length > 0) runWhenIdle(tellInTurn)
  }
  const show = () => {
    if (pressed || loaded === undefined) return
    const first = shown.Component === undefined
    if (first) {
      shown = { Component: loaded }
      untold = [...listeners]
    }
    if (untold.length === 0) return
    noteFocus()
    if (someoneWaits()) tellAll()
    else if (first) runWhenIdle(tellInTurn)
  }
  const holdUntilReleased = () => {
    if (pressed) return
    pressed = true
    const release = () => {
      window.removeEventListener('pointerup', release, true)
      window.removeEventListener('pointercancel', release, true)
      // After the click that follows the release, in the same task.
      setTimeout(() => {
        pressed = false
        show()
      }, 0)
    }
    window.addEventListener('pointerup', release, true)
    window.addEventListener('pointercancel', release, true)
  }
  const loadOnce = () => {
    pending ??= retryingImport(load).then(
      (component) => {
        loaded = component
        show()
        return component
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    )
    return pending
  }
  const preload = () => {
    // A failed load leaves the stand-in; the next hover or press tries again.
    loadOnce().catch(() => undefined)
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  const current = () => shown
  everyLoad.add(loadOnce)
  function Part(props: P) {
    const { Component } = useStoreInTransition(subscribe, current, someoneWaits)
    const [opening, setOpening] = useState(false)
    useLayoutEffect(() => {
      if (Component === undefined || focusAt === null) return
      const { parent, index } = focusAt
      focusAt = null
      // Only where the stand-in left with the focus: not a focus someone has put elsewhere since.
      const active = document.activeElement
      if (active !== null && active !== document.body) return
      const element = parent.children[index]
      if (element instanceof HTMLElement && parent.isConnected) element.focus()
    }, [Component])
    const openOnLoad = useCallback((event?: { type: string }) => {
      asked = true
      if (event?.type === 'pointerdown') holdUntilReleased()
      setOpening(true)
      preload()
      // The code is there, and this part still waits its turn.
      show()
    }, [])
    if (Component !== undefined) return <Component {...props} defaultOpen={opening} />
    return <StandIn {...props} preload={preload} openOnLoad={openOnLoad} />
  }
  return Object.assign(Part, { preload })
}

let preloaded = false

/**
 * Loads the code of every lazy part made so far (dialogs, the list view), so that a dialog opened later,
 * even with the server gone, needs nothing from the network. Hover and focus still preload earlier;
 * loading twice costs nothing. Runs once per page; parts that could not load then load once the
 * server answers again.
 */
export function preloadLazyParts(): void {
  if (preloaded) return
  preloaded = true
  const preloadAll = () => {
    loadInIdleMoments([...everyLoad])
  }
  preloadAll()
  onReconnect(preloadAll)
}

/**
 * Starts the loads one per idle moment: each `import()` adds its chunks' preload links to the page and
 * each part's modules run as they arrive, which for every part at once was one long task (decision 0086).
 */
function loadInIdleMoments(loads: readonly (() => Promise<unknown>)[]): void {
  const [load, ...rest] = loads
  if (load === undefined) return
  runWhenIdle(() => {
    load().catch(() => undefined)
    loadInIdleMoments(rest)
  })
}

/** Loads the code of every lazy part made so far; settles once each has loaded or failed. */
export async function loadEveryLazyPart(): Promise<void> {
  await Promise.all([...everyLoad].map((load) => load().catch(() => undefined)))
}

interface OpenedOnceProps {
  open: boolean
  /** Names the dialog in its loading and failure boxes: "Edit dialog". */
  region: string
  /** Closes the dialog: from its loading or failure box (Close, Escape, a click beside it) too. */
  onClose: () => void
  children: ReactNode
}

/**
 * Renders a lazy dialog from the first time it opens and keeps it mounted once shown, so it closes (and
 * returns focus) exactly as a dialog that was always there. While its code loads a box with a spinner
 * stands in for it, and one saying what failed, with Try again, when its code or data could not load;
 * either closes as the dialog would. Closed before it was ever shown, it is dropped: opened again, it
 * loads afresh, as does Try again (a load that failed is forgotten: `lazyWithPreload`).
 */
export function OpenedOnce({ open, region, onClose, children }: OpenedOnceProps) {
  const [opened, setOpened] = useState(open)
  const [shown, setShown] = useState(false)
  if (open && !opened) {
    // Opened anew: code that failed to load before is asked for again, not read from that failure.
    retryFailedImports()
    setOpened(true)
  }
  if (!open && opened && !shown) setOpened(false)
  if (!opened) return null
  return (
    <ErrorBoundary
      region={region}
      resetKey={open}
      fallback={({ error, retry, retriedInVain }) =>
        open && (
          <PartFailed
            region={region}
            error={error}
            onRetry={retry}
            onClose={onClose}
            offerReload={retriedInVain}
          />
        )
      }
    >
      <Suspense fallback={open && <PartLoading region={region} onClose={onClose} />}>
        {children}
        {!shown && (
          <Shown
            onShown={() => {
              setShown(true)
            }}
          />
        )}
      </Suspense>
    </ErrorBoundary>
  )
}

/** Tells, once committed, that everything before it in its Suspense boundary was drawn. */
function Shown({ onShown }: { onShown: () => void }) {
  useLayoutEffect(onShown, [onShown])
  return null
}
