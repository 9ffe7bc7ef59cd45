import { afterAll, beforeAll } from 'vitest'

/**
 * Gives the in-process functions these settings for the enclosing `describe` (or file), as a deployed
 * site's environment would, and puts the old values back after it. Settings read once per instance
 * (`serverEnv()`) must be set before the file's first request.
 */
export function withServerEnv(settings: () => Record<string, string | undefined>): void {
  const saved = new Map<string, string | undefined>()
  beforeAll(() => {
    for (const [name, value] of Object.entries(settings())) {
      saved.set(name, process.env[name])
      setVariable(name, value)
    }
  })
  afterAll(() => {
    for (const [name, value] of saved) setVariable(name, value)
    saved.clear()
  })
}

function setVariable(name: string, value: string | undefined): void {
  if (value === undefined) Reflect.deleteProperty(process.env, name)
  else process.env[name] = value
}
