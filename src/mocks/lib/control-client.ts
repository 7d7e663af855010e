import type { MockControlState, VirtualWorkerSpec, VirtualWorkerStatus } from './control-types'
import type { ApiVariant } from './api-variant'
import type { MockFaults } from './faults'

/**
 * A typed client for the mock-only `/__mock/*` routes, for the console's Demo panel. It imports
 * types only, so using it does not pull the mock into the app bundle; the routes exist only while
 * the bundled mock (or `npm run mock:serve`) answers.
 */
export type MockControlClient = {
  state: () => Promise<MockControlState>
  getFaults: () => Promise<MockFaults>
  /** Merges the given settings into the current faults. */
  setFaults: (patch: Partial<MockFaults>) => Promise<MockFaults>
  clearFaults: () => Promise<MockFaults>
  /** Which upstream the mock answers like (code shapes, or the newest docs'). */
  setApiVariant: (apiVariant: ApiVariant) => Promise<{ apiVariant: ApiVariant }>
  /** "Reset demo data": the freshly seeded world, saved state forgotten. Reload the page after it. */
  reset: () => Promise<void>
  listWorkers: () => Promise<VirtualWorkerStatus[]>
  startWorker: (spec: VirtualWorkerSpec) => Promise<VirtualWorkerStatus>
  restartWorker: (workerId: string, environmentKey?: string) => Promise<VirtualWorkerStatus>
  killWorker: (workerId: string) => Promise<VirtualWorkerStatus>
}

export class MockControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'MockControlError'
  }
}

export function createMockControlClient(
  baseUrl = '',
  fetcher: (request: Request) => Promise<Response> = (request) => globalThis.fetch(request),
): MockControlClient {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const url = new URL(`${baseUrl}/__mock${path}`, globalThis.location?.href ?? 'http://localhost')
    const response = await fetcher(
      new Request(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      }),
    )
    const text = await response.text()
    if (!response.ok) throw new MockControlError(response.status, text || response.statusText)
    return (text ? JSON.parse(text) : undefined) as T
  }
  const worker = (workerId: string, action: string) => `/workers/${encodeURIComponent(workerId)}/${action}`
  return {
    state: () => call('GET', '/state'),
    getFaults: () => call('GET', '/faults'),
    setFaults: (patch) => call('PUT', '/faults', patch),
    clearFaults: () => call('DELETE', '/faults'),
    setApiVariant: (apiVariant) => call('PUT', '/options', { apiVariant }),
    reset: () => call('POST', '/reset'),
    listWorkers: () => call('GET', '/workers'),
    startWorker: (spec) => call('POST', '/workers', spec),
    restartWorker: (workerId, environmentKey) =>
      call('POST', worker(workerId, 'restart'), environmentKey === undefined ? {} : { environmentKey }),
    killWorker: (workerId) => call('POST', worker(workerId, 'kill')),
  }
}
