import { expect, test } from 'vitest'
import * as z from 'zod'

import { mediaPagesAnswerSchema } from '../../../src/contract/media-pages-schema'
import { PAGE_SCHEMA_DIGEST } from '../../../src/features/library/listing/listing-cache'
import { textDigest } from '../../../src/features/library/listing/text-digest'

test('the kept pages are seeded with the digest of the page schema as it is', () => {
  // Change PAGE_SCHEMA_DIGEST to this when the schema changes: pages kept by the old build then fail.
  const digest = textDigest(JSON.stringify(z.toJSONSchema(mediaPagesAnswerSchema))).slice(0, 8)
  expect(PAGE_SCHEMA_DIGEST).toBe(digest)
})
