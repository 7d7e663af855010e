/**
 * What counts as a defect on a page under test, as pure functions the fixtures apply (and a unit
 * test pins): an uncaught error, a console error, or an error answer for a file the console is
 * made of. API answers are the server talking (tests provoke 401s, 404s, 409s and 5xx on purpose)
 * and are judged by the tests that provoke them.
 */

/** The console's API and the mock's control routes; everything else on its origin is a file it needs. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/__mock/')
}

/** A 4xx/5xx for a same-origin file (a JS chunk, console-config.json, index.html, the worker script). */
export function isAssetFailure(url: string, status: number, consoleOrigin: string): boolean {
  if (status < 400) return false
  const parsed = new URL(url)
  return parsed.origin === consoleOrigin && !isApiPath(parsed.pathname)
}

/**
 * Chromium logs every error answer as "Failed to load resource". For an API call (or a call to a
 * Gateway on another origin) that is the network talking; for the console's own files it is a
 * broken page, and so is a line that does not say which URL failed.
 */
export function isExpectedLoadFailure(text: string, resourceUrl: string, consoleOrigin: string): boolean {
  if (!text.startsWith('Failed to load resource') || !resourceUrl) return false
  const parsed = new URL(resourceUrl)
  return parsed.origin !== consoleOrigin || isApiPath(parsed.pathname)
}

export const MOCK_SERVICE_WORKER_PATH = '/mockServiceWorker.js'

/**
 * msw re-checks its service worker on every page load without awaiting it (`registration.update()`);
 * when the page navigates while that check is in flight, Chromium rejects it. Seen in Chromium 156
 * as a TypeError ending in "Not found", for the demo's worker
 * script on the console's own origin: only that exact message passes, and the fixture also checks
 * that the page is controlled by that worker before letting it pass.
 */
export function isServiceWorkerUpdateRace(
  error: { name: string; message: string },
  consoleOrigin: string,
): boolean {
  const expected = `Failed to update a ServiceWorker for scope ('${consoleOrigin}/') with script ('${consoleOrigin}${MOCK_SERVICE_WORKER_PATH}'): Not found`
  return (error.name === 'TypeError' || error.name === 'NotFoundError') && error.message === expected
}

export function isMockServiceWorker(scriptUrl: string | null | undefined, consoleOrigin: string): boolean {
  return scriptUrl === `${consoleOrigin}${MOCK_SERVICE_WORKER_PATH}`
}
