import { json } from '../server/http/respond'

/** Answers any /api path no function serves, so API clients get JSON rather than the app's HTML. */
export default (request: Request) => {
  const { pathname } = new URL(request.url)
  return json({ error: `Not found: ${request.method} ${pathname}` }, 404)
}
