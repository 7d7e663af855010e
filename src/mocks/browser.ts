import { http } from 'msw'
import { setupWorker } from 'msw/browser'
import { createMockBackend, reseedRandom } from './lib/backend'
import { API_VARIANT_STORAGE_KEY, isApiVariant, type ApiVariant } from './lib/api-variant'
import { parseFaults } from './lib/faults'
import { installEngine } from './engine/install-engine'
import { createAutosave, createIndexedDbStore } from './engine/persistence'
import { createRealScheduler } from './engine/scheduler'
import { createHandlers } from './handlers'
import { seed } from './seed'
import { DEMO_VIRTUAL_WORKERS } from './seed/demo-workers'

/** Faults for tests: `localStorage['asc.mock.faults']`, or `?mockFaults=` on the page URL (JSON). */
function readFaults() {
  const fromQuery = new URLSearchParams(window.location.search).get('mockFaults')
  return parseFaults(localStorage.getItem('asc.mock.faults') ?? fromQuery)
}

/** The API variant: `?mockVariant=` (kept for later loads), else `localStorage['asc.mock.variant']`. */
function readApiVariant(): ApiVariant {
  const fromQuery = new URLSearchParams(window.location.search).get('mockVariant')
  if (isApiVariant(fromQuery)) localStorage.setItem(API_VARIANT_STORAGE_KEY, fromQuery)
  const stored = localStorage.getItem(API_VARIANT_STORAGE_KEY)
  return isApiVariant(stored) ? stored : 'code'
}

/**
 * The default demo: the mock answers inside the page's service worker, so `npm run dev` and the
 * demo build need no server. Requests it does not know (assets) pass through untouched. The
 * execution engine runs turns with real timers, worker-a and worker-b serve build-workers, and
 * the demo's state is saved to IndexedDB so it survives reloads (`POST /__mock/reset` forgets it).
 */
export async function startBrowserMock() {
  const backend = createMockBackend({
    options: { latencyMs: 120, apiVariant: readApiVariant() },
    faults: readFaults(),
  })
  await seed(backend)
  const scheduler = createRealScheduler()
  const autosave = createAutosave(backend, createIndexedDbStore(), scheduler)
  if (await autosave.restore()) {
    // The seed drew ids from the same stream last time: continue from a fresh one so new ids never
    // repeat ones the restored state already holds.
    reseedRandom(backend, Date.now() >>> 0)
  }
  installEngine(backend, {
    scheduler,
    virtualWorkers: DEMO_VIRTUAL_WORKERS,
    reseed: (target) => seed(target),
    onChange: autosave.markDirty,
    onReset: autosave.clear,
  })
  // Every change made through the API is saved shortly after it lands (reads change nothing).
  // The request is still waiting out its latency here, so the save waits for the longest the
  // answer can take, injected latency included; otherwise a reload right after a slow save
  // would find the change missing.
  const markChanges = http.all('*/api/*', ({ request }) => {
    if (request.method === 'GET') return
    const { latencyMs, latencyJitterMs } = backend.faults
    autosave.saveSoon(backend.options.latencyMs + latencyMs + latencyJitterMs + 300)
  })
  const worker = setupWorker(markChanges, ...createHandlers(backend))
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  })
  window.addEventListener('pagehide', () => void autosave.flush())
  return backend
}
