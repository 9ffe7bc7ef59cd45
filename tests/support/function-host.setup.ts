/**
 * setupFiles of the `api` vitest project: each test file gets its own function host (its own handlers,
 * its own local Blobs server and data), so files run side by side without seeing each other's records.
 */
import { afterAll, beforeAll } from 'vitest'

import { startFunctionHost, type FunctionHost } from './function-host'
import { useApiServer } from './api-client'

let host: FunctionHost | undefined

beforeAll(async () => {
  host = await startFunctionHost()
  useApiServer({ baseUrl: host.baseUrl, projectDir: host.projectDir })
})

afterAll(async () => {
  await host?.stop()
})
