import { expect, test } from 'vitest'
import * as z from 'zod'

import { mediaPagesAnswerSchema } from '../../../src/contract/media-pages-schema'
import { PAGE_SCHEMA_DIGEST } from '../../../src/features/library/engine/kept-store/kept-layout'
import { textDigest } from '../../../src/features/library/listing/text-digest'

test("the kept library's layout folds in the digest of the page schema as it is", () => {
  // Change PAGE_SCHEMA_DIGEST to this when the schema changes: a library kept by the old build then fails.
  const digest = textDigest(JSON.stringify(z.toJSONSchema(mediaPagesAnswerSchema))).slice(0, 8)
  expect(PAGE_SCHEMA_DIGEST).toBe(digest)
})
