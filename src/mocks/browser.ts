import { getResponse, http, type HttpHandler } from 'msw'
import { setupWorker } from 'msw/browser'
import { installEngine } from './engine/install-engine'
import { createAutosave, createIndexedDbStore } from './engine/persistence'
import { createRealScheduler } from './engine/scheduler'
import { createHandlers } from './handlers'
import { API_VARIANT_STORAGE_KEY, isApiVariant, type ApiVariant } from './lib/api-variant'
import { createMockBackend, reseedRandom } from './lib/backend'
import { parseFaults } from './lib/faults'
import { isMockRoute } from './lib/mock-routes'
import { seed } from './seed'
import { DEMO_VIRTUAL_WORKERS } from './seed/demo-workers'
import { createTabRelay, type Serve } from './tab-relay'

/** The Web Lock the leading tab holds and the channel the tabs talk over (tab-relay.ts). */
const LEADER_LOCK = 'asc-mock-backend'
const CHANNEL = 'asc-mock-backend'

/** Faults for tests: `localStorage['asc.mock.faults']`, or `?mockFaults=` on the page URL (JSON). */
function readFaults() {
  const fromQuery = new URLSearchParams(window.location.search).get('mockFaults')
  return parseFaults(localStorage.getItem('asc.mock.faults') ?? fromQuery)
}

/**
 * `?mockVariant=` on the page URL, kept in `localStorage['asc.mock.variant']` so the console's own
 * navigations (which drop the query) stay in that variant.
 */
function queryVariant(): ApiVariant | null {
  const fromQuery = new URLSearchParams(window.location.search).get('mockVariant')
  if (!isApiVariant(fromQuery)) return null
  localStorage.setItem(API_VARIANT_STORAGE_KEY, fromQuery)
  return fromQuery
}

/** `?mockTrace=on` (remembered) starts the demo with `builder.agent-api.trace-enabled=true`. */
function readTraceEnabled(): boolean {
  const fromQuery = new URLSearchParams(window.location.search).get('mockTrace')
  if (fromQuery === 'on' || fromQuery === 'off') localStorage.setItem('asc.mock.trace', fromQuery)
  return localStorage.getItem('asc.mock.trace') === 'on'
}

function readApiVariant(): ApiVariant {
  const stored = localStorage.getItem(API_VARIANT_STORAGE_KEY)
  return queryVariant() ?? (isApiVariant(stored) ? stored : 'code')
}

/**
 * The demo backend, built by the tab that leads: seeded, its saved state laid over the seed, the
 * engine running with real timers and worker-a and worker-b serving build-workers. Only this tab
 * saves to IndexedDB, so tabs can no longer overwrite each other's changes.
 */
async function startBackend(): Promise<Serve> {
  const backend = createMockBackend({
    options: { latencyMs: 120, apiVariant: readApiVariant(), traceEnabled: readTraceEnabled() },
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
  const handlers: HttpHandler[] = createHandlers(backend)
  window.addEventListener('pagehide', () => void autosave.flush())
  return async (request) => {
    const isChange = request.method !== 'GET' && new URL(request.url).pathname.startsWith('/api/')
    const response = await getResponse(handlers, request)
    // A change made through the API is saved before it is answered, so whichever tab leads next
    // (this one may close or reload the moment it has its answer) starts from it.
    if (isChange) await autosave.saveNow()
    return response
  }
}

const forever = () => new Promise<never>(() => undefined)

/**
 * The default demo: the mock answers inside the page's service worker, so `npm run dev` and the
 * demo build need no server. Requests it does not know (assets) pass through untouched. The first
 * tab leads and owns the backend; later tabs forward to it (tab-relay.ts), and when the leader
 * closes the next tab takes over from the saved state. `POST /__mock/reset` forgets that state.
 */
export async function startBrowserMock(): Promise<void> {
  const relay = createTabRelay({
    channel: new BroadcastChannel(CHANNEL),
    tabId: crypto.randomUUID(),
  })
  let serve: Serve | null = null
  // Undefined (no route in the backend, wherever it runs) lets the request through to the network.
  const answer = (request: Request) => (serve ? serve(request) : relay.forward(request))
  const worker = setupWorker(
    http.all(
      ({ request }) => isMockRoute(request.url, window.location.origin),
      ({ request }) => answer(request),
    ),
  )
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  })

  const lead = async () => {
    serve = await startBackend()
    relay.lead(serve)
  }
  // Without Web Locks (an insecure origin) there is no way to agree on a leader: lead alone.
  if (!('locks' in navigator)) {
    await lead()
    return
  }
  const isFirst = await new Promise<boolean>((resolveStart) => {
    void navigator.locks.request(LEADER_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) return resolveStart(false)
      await lead()
      resolveStart(true)
      // Held for the life of the tab: the browser releases it when the tab goes away.
      await forever()
    })
  })
  if (isFirst) return
  // Another tab leads; this one forwards until it is its turn.
  void navigator.locks.request(LEADER_LOCK, async () => {
    await lead()
    await forever()
  })
  const variant = queryVariant()
  if (variant) {
    // A variant asked for on this tab's URL applies to the backend the other tab runs.
    await relay.forward(
      new Request(new URL('/__mock/options', window.location.origin), {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ apiVariant: variant }),
      }),
    )
  }
}
