import { Component, type ErrorInfo, type ReactNode } from 'react'

import { errorMessage, isCodeLoadFailure } from '../../lib/api-errors'
import { onReconnect } from '../../lib/connectivity'
import { ERROR_WORDS } from '../../lib/error-words'
import './error-boundary.css'

interface ErrorBoundaryProps {
  /** Names the region in the fallback, so one broken panel does not take the screen with it. */
  region: string
  /**
   * The message floats above the page instead of taking the region's place: for dialogs, which have no
   * place of their own in the layout.
   */
  floating?: boolean
  children: ReactNode
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

  override componentWillUnmount(): void {
    this.stopWatching?.()
  }

  private readonly retry = () => {
    this.stopWatching?.()
    this.stopWatching = undefined
    this.retried = true
    this.setState({ error: null })
  }

  override render() {
    const { error, failedRetries } = this.state
    if (error === null) return this.props.children
    const codeMissing = isCodeLoadFailure(error)
    const className = this.props.floating ? 'error-notice error-notice--floating' : 'error-notice'
    return (
      <div className={className} role="alert">
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
