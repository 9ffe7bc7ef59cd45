import type { Config } from '@netlify/functions'

import { CLOUDINARY_SIGNING_OFF } from '../../src/contract/cloudinary-signature'
import { signUpload } from '../server/cloudinary/upload-signature'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { cloudinaryCredentials } from '../server/store'

/**
 * `POST /api/cloudinary-signature`: the signed fields of one Cloudinary upload, so a site behind the
 * access gate needs no unsigned preset in its bundle. 501 when the functions have no credentials.
 */
export default route(
  {
    POST: () => {
      const credentials = cloudinaryCredentials()
      if (!credentials) return Promise.resolve(json({ error: CLOUDINARY_SIGNING_OFF }, 501))
      return Promise.resolve(json(signUpload(credentials, new Date())))
    },
  },
  { message: 'Signing failed' },
  'cloudinary-signature',
)

// Writes (rate limit per address, not emulated by netlify dev): one call per file uploaded, so as
// loose as the other writes.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
