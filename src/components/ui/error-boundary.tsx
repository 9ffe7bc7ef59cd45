import { Component, type ErrorInfo, type ReactNode } from 'react'

import { errorMessage, isCodeLoadFailure } from '../../lib/api-errors'
import { onReconnect } from '../../lib/connectivity'
import { ERROR_WORDS } from '../../lib/error-words'
import { retryFailedImports } from '../../lib/retry-import'
import './error-boundary.css'

interface ErrorBoundaryProps {
  /** Names the region in the fallback, so one broken panel does not take the screen with it. */
  region: string
  /**
   * Drawn instead of the region's notice: a dialog, which has no place of its own in the layout, shows
   * its failure as a box that can be closed (OpenedOnce in lazy-load.tsx).
   */
  fallback?: (failure: BoundaryFailure) => ReactNode
  /** A new value clears a failure shown: a dialog closed and opened again starts afresh. */
  resetKey?: unknown
  children: ReactNode
}

/** What a fallback is given: the error, a fresh attempt, and whether one already met the same failure. */
export interface BoundaryFailure {
  error: Error
  retry: () => void
  retriedInVain: boolean
}

interface ErrorBoundaryState {
  error: Error | null
  /** Times Try again met the same failure; after one, reloading the page is offered too. */
  failedRetries: number
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failedRetries: 0 }
  private retried = false
  private stopWatching: (() => void) | undefined

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.region}]`, error, info.componentStack)
    if (this.retried) this.setState((state) => ({ failedRetries: state.failedRetries + 1 }))
    this.retried = false
    // Code that could not load is asked for again as soon as the server answers.
    if (isCodeLoadFailure(error)) {
      this.stopWatching?.()
      this.stopWatching = onReconnect(this.retry)
    }
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) {
      this.stopWatching?.()
      this.stopWatching = undefined
      this.setState({ error: null, failedRetries: 0 })
    }
  }

  override componentWillUnmount(): void {
    this.stopWatching?.()
  }

  private readonly retry = () => {
    this.stopWatching?.()
    this.stopWatching = undefined
    this.retried = true
    // Code that failed to load is asked for anew, not read from the failed attempt.
    retryFailedImports()
    this.setState({ error: null })
  }

  override render() {
    const { error, failedRetries } = this.state
    if (error === null) return this.props.children
    if (this.props.fallback) {
      return this.props.fallback({ error, retry: this.retry, retriedInVain: failedRetries > 0 })
    }
    const codeMissing = isCodeLoadFailure(error)
    return (
      <div className="error-notice" role="alert">
        <p>
          {codeMissing
            ? ERROR_WORDS.pageCode
            : `The ${this.props.region} could not be shown: ${errorMessage(error, 'an unexpected error')}`}
        </p>
        <div className="error-notice__actions">
          <button type="button" className="button button--secondary" onClick={this.retry}>
            Try again
          </button>
          {/* After a new deploy the old code is gone for good: only a fresh page has the new one. */}
          {codeMissing && failedRetries > 0 && (
            <button
              type="button"
              className="button"
              onClick={() => {
                window.location.reload()
              }}
            >
              Reload the page
            </button>
          )}
        </div>
      </div>
    )
  }
}
