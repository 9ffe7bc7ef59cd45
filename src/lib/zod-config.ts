import * as z from 'zod'

// The app's Content-Security-Policy allows no eval. Unless told jitless, zod probes `new Function` once
// to decide whether to compile its parsers, and Chromium reports the blocked probe as a CSP violation;
// under the policy zod would use its interpreted parsers anyway, so this changes nothing else.
z.config({ jitless: true })
