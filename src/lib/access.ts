import { useSyncExternalStore } from 'react'

import { ACCESS_GATE_CLOSED, ACCESS_GATE_HEADER } from '../contract/access'

/**
 * What the screen knows about the server's access gate, shared by everything that talks to the API:
 * the API client and the upload client report a 401 here, the screen shows the sign-in screen while
 * `signedOut`, the access dialog asks for the token while `asking`, and thumbnails and the Office
 * preview take signed links while the gate is `closed`.
 */
export interface AccessState {
  /** `unknown` until `GET /api/access` or a 401 has told; treated as open meanwhile. */
  gate: 'unknown' | 'open' | 'closed'
  /**
   * The gate refused this browser (it holds no session, or its session ended): nothing of the library
   * is shown, and the screen offers Sign in, until a sign-in succeeds.
   */
  signedOut: boolean
  /** The sign-in dialog is open. */
  asking: boolean
}

const FRESH_PAGE: AccessState = { gate: 'unknown', signedOut: false, asking: false }

let state: AccessState = FRESH_PAGE
const listeners = new Set<() => void>()

function update(next: AccessState): void {
  if (next.gate === state.gate && next.signedOut === state.signedOut && next.asking === state.asking) return
  state = next
  for (const listener of listeners) listener()
}

/**
 * A call answered 401: the gate is closed and this browser is not signed in. The first refusal opens
 * the sign-in dialog, once for every call refused with it; once the visitor has closed it, later
 * refusals leave it closed, as the sign-in screen already offers Sign in.
 */
export function reportAccessRefused(): void {
  if (state.signedOut) return
  update({ gate: 'closed', signedOut: true, asking: true })
}

/** The sign-in succeeded; calls made from now on carry the cookie. */
export function reportAccessGranted(): void {
  update({ gate: 'closed', signedOut: false, asking: false })
}

/** `GET /api/access` succeeded: calls need the token or not, and either way this browser may make them. */
export function reportGate(required: boolean): void {
  update({ gate: required ? 'closed' : 'open', signedOut: false, asking: false })
}

/**
 * An answer that passed the gate says whether there is one (`ACCESS_GATE_HEADER`): the first page's
 * answer tells the screen before `GET /api/access` is asked (decision 0068).
 */
export function reportGateOf(answer: { headers: Headers }): void {
  reportGate(answer.headers.get(ACCESS_GATE_HEADER) === ACCESS_GATE_CLOSED)
}

/** Sign in, from the sign-in screen or the header: opens the dialog again. */
export function askForAccess(): void {
  update({ ...state, asking: true })
}

/** The visitor closed the dialog without signing in; the sign-in screen stays, with its Sign in. */
export function stopAskingForAccess(): void {
  update({ ...state, asking: false })
}

/** The state now, outside React. */
export function currentAccess(): AccessState {
  return state
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useAccess(): AccessState {
  return useSyncExternalStore(subscribe, currentAccess, currentAccess)
}

/** Back to the state of a fresh page, for tests that render the screen more than once. */
export function resetAccessState(): void {
  update(FRESH_PAGE)
}
