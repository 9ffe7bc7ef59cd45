export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p>Error: {message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try Again
      </button>
    </div>
  )
}
