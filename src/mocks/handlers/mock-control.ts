import { http, type HttpHandler } from 'msw'
import { noFaults, sanitizeFaults, type MockBackend } from '../backend'
import { controlState } from '../engine/controls'
import { isRecord, json, noContent, readJsonBody } from '../lib/responses'

/**
 * Mock-only routes for the console's Demo panel and for tests: faults, virtual workers, reset.
 * They are not part of the product contract (not in openapi.yaml, untyped msw `http`), live under
 * `/__mock/` where no Gateway route exists, and skip the injected latency and errors of `/api/*`.
 */
export const MOCK_CONTROL_PREFIX = '/__mock'

function engineMissing(): Response {
  return json({ error: 'the execution engine is not installed in this mock' }, { status: 503 })
}

export function createMockControlHandlers(backend: MockBackend): HttpHandler[] {
  const route = (path: string) => `*${MOCK_CONTROL_PREFIX}${path}`

  return [
    http.get(route('/state'), () => json(controlState(backend))),

    http.get(route('/faults'), () => json(backend.faults)),

    http.put(route('/faults'), async ({ request }) => {
      const body = await readJsonBody(request)
      if (!body.ok || !isRecord(body.value))
        return json({ error: 'body must be a JSON object' }, { status: 400 })
      if (backend.controls) return json(backend.controls.setFaults(body.value))
      Object.assign(backend.faults, sanitizeFaults(body.value))
      return json(backend.faults)
    }),

    http.delete(route('/faults'), () => {
      if (backend.controls) return json(backend.controls.setFaults(noFaults))
      Object.assign(backend.faults, structuredClone(noFaults))
      return json(backend.faults)
    }),

    http.post(route('/reset'), async () => {
      if (!backend.controls) return engineMissing()
      await backend.controls.reset()
      return noContent()
    }),

    http.get(route('/workers'), () => json(backend.controls?.listWorkers() ?? [])),

    http.post(route('/workers'), async ({ request }) => {
      if (!backend.controls) return engineMissing()
      const body = await readJsonBody(request)
      const value = body.ok && isRecord(body.value) ? body.value : {}
      const { workerId, environmentId, environmentKey } = value
      if (
        typeof workerId !== 'string' ||
        typeof environmentId !== 'string' ||
        typeof environmentKey !== 'string'
      ) {
        return json({ error: 'send {workerId, environmentId, environmentKey}' }, { status: 400 })
      }
      return json(backend.controls.startWorker({ workerId, environmentId, environmentKey }), { status: 201 })
    }),

    http.post(route('/workers/:workerId/restart'), async ({ request, params }) => {
      if (!backend.controls) return engineMissing()
      const body = await readJsonBody(request)
      const key = body.ok && isRecord(body.value) ? body.value.environmentKey : undefined
      const status = backend.controls.restartWorker(
        String(params.workerId),
        typeof key === 'string' ? key : undefined,
      )
      return status
        ? json(status)
        : json({ error: `no virtual worker ${String(params.workerId)}` }, { status: 404 })
    }),

    http.post(route('/workers/:workerId/kill'), ({ params }) => {
      if (!backend.controls) return engineMissing()
      const status = backend.controls.killWorker(String(params.workerId))
      return status
        ? json(status)
        : json({ error: `no virtual worker ${String(params.workerId)}` }, { status: 404 })
    }),
  ]
}
