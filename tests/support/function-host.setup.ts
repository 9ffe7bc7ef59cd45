/**
 * setupFiles of the `api` vitest project: each test file gets its own function host (its own handlers,
 * its own local Blobs server and data), so files run side by side without seeing each other's records.
 * Every answer the host sends is held to the API's OpenAPI document (openapi-conformance.ts): a test
 * during which an answer broke it fails, naming the answer.
 */
import { afterAll, afterEach, beforeAll } from 'vitest'

import { startFunctionHost, type FunctionHost } from './function-host'
import { useApiServer } from './api-client'
import { openApiConformance } from './openapi-conformance'

let host: FunctionHost | undefined
const conformance = openApiConformance()

async function expectConformingAnswers(): Promise<void> {
  const problems = await conformance.settle()
  if (problems.length > 0) {
    throw new Error(`Answers the OpenAPI document does not allow:\n${problems.join('\n')}`)
  }
}

beforeAll(async () => {
  host = await startFunctionHost({ observe: conformance.observe })
  useApiServer({ baseUrl: host.baseUrl, projectDir: host.projectDir })
})

afterEach(expectConformingAnswers)

afterAll(async () => {
  try {
    await expectConformingAnswers()
  } finally {
    await host?.stop()
  }
})
