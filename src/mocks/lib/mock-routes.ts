/**
 * Which of the page's requests the demo backend answers: the console's API and the mock's control
 * routes on the page's own origin, nothing else. A pattern such as `*\/api/*` also matches files
 * whose path merely contains `/api/`, and `npm run dev` serves the console's own modules that way
 * (`/src/api/command-base-url.ts`): taken for API calls, a follower tab forwarded them to the
 * leading tab, whose backend had no route for them and answered 404, so a screen that loaded one
 * lazily could not be loaded in a second tab.
 */
export function isMockRoute(url: string, origin: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.origin !== origin) return false
  return parsed.pathname.startsWith('/api/') || parsed.pathname.startsWith('/__mock/')
}
