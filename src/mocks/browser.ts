import { setupWorker } from 'msw/browser'
import { createMockBackend, parseFaults } from './backend'
import { createHandlers } from './handlers'
import { seed } from './seed'

/**
 * The default demo: the mock answers inside the page's service worker, so `npm run dev` and the
 * demo build need no server. Requests it does not know (assets) pass through untouched.
 */
export async function startBrowserMock() {
  // Tests script broken or hostile answers through this key before the page loads.
  const faults = parseFaults(localStorage.getItem('asc.mock.faults'))
  const backend = createMockBackend({ options: { latencyMs: 120 }, faults })
  await seed(backend)
  const worker = setupWorker(...createHandlers(backend))
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  })
  return backend
}
