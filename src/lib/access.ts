import { useSyncExternalStore } from 'react'

import { ACCESS_GATE_CLOSED, ACCESS_GATE_HEADER } from '../contract/access'

/**
 * What the screen knows about the server's access gate, shared by everything that talks to the API:
 * the API client and the upload client report a 401 here, the access dialog asks for the token while
 * `asking`, and thumbnails and the Office preview take signed links while the gate is `closed`.
 */
export interface AccessState {
  /** `unknown` until `GET /api/access` or a 401 has told; treated as open meanwhile. */
  gate: 'unknown' | 'open' | 'closed'
  /** An API call was refused for want of the token: the screen should ask for it. */
  asking: boolean
}

let state: AccessState = { gate: 'unknown', asking: false }
const listeners = new Set<() => void>()

function update(next: AccessState): void {
  if (next.gate === state.gate && next.asking === state.asking) return
  state = next
  for (const listener of listeners) listener()
}

/** A call answered 401: the gate is closed and this browser is not signed in. */
export function reportAccessRefused(): void {
  update({ gate: 'closed', asking: true })
}

/** The sign-in succeeded; calls made from now on carry the cookie. */
export function reportAccessGranted(): void {
  update({ gate: 'closed', asking: false })
}

/** `GET /api/access` succeeded: calls need the token or not, and either way this browser may make them. */
export function reportGate(required: boolean): void {
  update({ gate: required ? 'closed' : 'open', asking: false })
}

/**
 * An answer that passed the gate says whether there is one (`ACCESS_GATE_HEADER`): the first page's
 * answer tells the screen before `GET /api/access` is asked (decision 0068).
 */
export function reportGateOf(answer: { headers: Headers }): void {
  reportGate(answer.headers.get(ACCESS_GATE_HEADER) === ACCESS_GATE_CLOSED)
}

/** The visitor closed the dialog without signing in; the next refused call asks again. */
export function stopAskingForAccess(): void {
  update({ ...state, asking: false })
}

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
  update({ gate: 'unknown', asking: false })
}
