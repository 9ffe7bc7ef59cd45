import { useSyncExternalStore } from 'react'

import { ACCESS_GATE_CLOSED, ACCESS_GATE_HEADER } from '../contract/access'
import type { AccessStatus } from '../contract/access-schemas'
import {
  requirementOfRoute,
  roleMeets,
  type AccessRequirement,
  type ApiMethod,
} from '../contract/route-access'
import type { RouteName } from '../contract/routes'

/** Who this browser acts as behind the gate, as `GET /api/access` told it. */
export type SignedInActor = NonNullable<AccessStatus['actor']>

/**
 * What the screen knows about the server's access gate, shared by everything that talks to the API:
 * every answer's status reaches `reportAccessAnswer`, the screen shows the sign-in screen while
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
  /** Behind a closed gate, who this browser acts as; null until `GET /api/access` has said. */
  actor: SignedInActor | null
}

const FRESH_PAGE: AccessState = { gate: 'unknown', signedOut: false, asking: false, actor: null }

let state: AccessState = FRESH_PAGE
const listeners = new Set<() => void>()

function sameActor(a: SignedInActor | null, b: SignedInActor | null): boolean {
  return (
    a === b ||
    (a !== null && b !== null && a.type === b.type && a.id === b.id && a.role === b.role && a.name === b.name)
  )
}

function update(next: AccessState): void {
  if (
    next.gate === state.gate &&
    next.signedOut === state.signedOut &&
    next.asking === state.asking &&
    sameActor(next.actor, state.actor)
  )
    return
  state = next
  for (const listener of listeners) listener()
}

/**
 * The one place an answer becomes the sign-in screen: a 401 from this site says the gate is closed and
 * this browser is not signed in. Every answer of the page comes here: the API client's (api-client.ts,
 * its calls and file bytes), the upload client's own tus requests, the first page's, and the listing's
 * failures the library's worker passes on. Another host's 401 (a file on Cloudinary) is that host's and
 * says nothing about signing in here. `url` is the address asked; without one, this site's.
 */
export function reportAccessAnswer(status: number, url?: string): void {
  if (status === 401 && fromThisSite(url)) reportSignedOut()
}

function fromThisSite(url: string | undefined): boolean {
  const here = globalThis.location as Location | undefined
  return url === undefined || here === undefined || new URL(url, here.href).origin === here.origin
}

/**
 * This browser is not signed in: refused by the gate (`reportAccessAnswer`), or signed out by the
 * server (the header's Sign out). The first time opens the sign-in dialog, once for every call refused
 * with it; once the visitor has closed it, later refusals leave it closed, as the sign-in screen already
 * offers Sign in.
 */
export function reportSignedOut(): void {
  if (state.signedOut) return
  update({ gate: 'closed', signedOut: true, asking: true, actor: null })
}

/** The sign-in succeeded; calls made from now on carry the cookie (`GET /api/access` then says as whom). */
export function reportAccessGranted(): void {
  update({ gate: 'closed', signedOut: false, asking: false, actor: null })
}

/**
 * `GET /api/access` succeeded (with the actor it names), or an answer's header said: calls need the
 * token or not, and either way this browser may make them. A report without an actor keeps the one known.
 */
export function reportGate(required: boolean, actor?: SignedInActor): void {
  update({
    gate: required ? 'closed' : 'open',
    signedOut: false,
    asking: false,
    actor: required ? (actor ?? state.actor) : null,
  })
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

/**
 * Whether this browser may do what `requirement` asks: with the gate open (or not yet known) everything,
 * as the screen always was; behind it, what the actor's role meets, and nothing beyond viewing until
 * the actor is known. The one place the screen asks "may I", reading the server's own table.
 */
export function may(requirement: AccessRequirement, access: AccessState = state): boolean {
  if (access.gate !== 'closed') return true
  if (access.actor === null)
    return requirement === 'open' || requirement === 'viewer-or-file-link' || requirement === 'viewer'
  return roleMeets(access.actor.role, requirement)
}

/** Whether this browser may call `method` on the route (its row of `ROUTE_ACCESS`). */
export function mayCall(route: RouteName, method: ApiMethod, access: AccessState = state): boolean {
  return may(requirementOfRoute(route, method), access)
}

/** `may` for a component: it renders again when the gate or the actor changes. */
export function useCan(requirement: AccessRequirement): boolean {
  return may(requirement, useAccess())
}

/** `mayCall` for a component. */
export function useCanCall(route: RouteName, method: ApiMethod): boolean {
  return mayCall(route, method, useAccess())
}

/** Back to the state of a fresh page, for tests that render the screen more than once. */
export function resetAccessState(): void {
  update(FRESH_PAGE)
}
