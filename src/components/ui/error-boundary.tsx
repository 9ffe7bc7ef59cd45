import { Component, type ErrorInfo, type ReactNode } from 'react'

interface ErrorBoundaryProps {
  /** Names the region in the fallback, so one broken panel does not take the screen with it. */
  region: string
  children: ReactNode
}

interface ErrorBoundaryState {
  error: Error | null
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.region}]`, error, info.componentStack)
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <div className="state state--error" role="alert">
        <p>
          The {this.props.region} failed to display: {this.state.error.message}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            this.setState({ error: null })
          }}
        >
          Show again
        </button>
      </div>
    )
  }
}
