/** An answer now (the page holds it) or later (asked of the worker that holds the library). */
export type Answer<T> = T | Promise<T>

/** Runs `then` with the answer: at once when it is in hand, else once it arrives. */
export function whenAnswered<T>(answer: Answer<T>, then: (value: T) => void): void {
  if (answer instanceof Promise) void answer.then(then)
  else then(answer)
}
