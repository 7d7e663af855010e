import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import { http } from '../lib/openapi-http'
import { dataplaneError, isRecord, readJsonBody } from '../lib/responses'
import { toWorkItem } from '../lib/work-queue'
import { ENVIRONMENT_KEY_HEADER } from './work'
import { createWorkerProtocol, isProtocolError, type ProtocolError } from '../lib/worker-protocol-core'

type Schemas = components['schemas']

/** 401 carries no body at all upstream (Spring Security's entry point); other refusals are typed. */
function refusal(error: ProtocolError): Response {
  if (error.status === 401) return new Response(null, { status: 401 })
  return dataplaneError(error.status, error.code, error.message)
}

/** ack, heartbeat, stop and update return nothing: 200 with an empty body. */
const emptyOk = () => new Response(null, { status: 200 })

/**
 * Optional `{workerId?, workDir?}` body. Fields that are missing, empty or not strings are ignored,
 * as the Java controller treats them as absent (the contract has no 400 on these calls).
 */
async function readClaimUpdate(request: Request): Promise<Schemas['WorkClaimUpdate']> {
  const body = await readJsonBody(request)
  if (!body.ok || !isRecord(body.value)) return {}
  const { workerId, workDir } = body.value
  return {
    ...(typeof workerId === 'string' && workerId ? { workerId } : {}),
    ...(typeof workDir === 'string' && workDir ? { workDir } : {}),
  }
}

type ToolResult = Schemas['ToolResult']

function parseToolResults(value: unknown): ToolResult[] | Response {
  const results = isRecord(value) ? value.results : undefined
  if (!Array.isArray(results) || results.length === 0) {
    return dataplaneError(400, 'missing_results', 'results must be a non-empty array')
  }
  const parsed: ToolResult[] = []
  for (const [index, result] of results.entries()) {
    const content: unknown = isRecord(result) ? result.content : undefined
    if (
      !isRecord(result) ||
      typeof result.tool_use_id !== 'string' ||
      !result.tool_use_id ||
      (typeof content !== 'string' && !Array.isArray(content)) ||
      (result.name !== undefined && typeof result.name !== 'string') ||
      (result.is_error !== undefined && typeof result.is_error !== 'boolean')
    ) {
      return dataplaneError(
        400,
        'invalid_result',
        `results[${index}] needs tool_use_id and content (text or blocks)`,
      )
    }
    parsed.push({
      ...result,
      tool_use_id: result.tool_use_id,
      content: content as ToolResult['content'],
      is_error: result.is_error === true,
    })
  }
  return parsed
}

/**
 * The self-hosted Worker's side (dataplane WorkerEnvironmentController / SelfHostedWorkerController):
 * authenticated only by `X-Builder-Environment-Key`, answered in the dataplane's typed error shape.
 * The behaviour lives in lib/worker-protocol-core.ts, shared with the demo's virtual workers.
 */
export function createWorkerProtocolHandlers(backend: MockBackend): HttpHandler[] {
  const protocol = createWorkerProtocol(backend)
  const authenticate = (request: Request, environmentId: string) =>
    protocol.authenticate(environmentId, request.headers.get(ENVIRONMENT_KEY_HEADER))

  return [
    http.get('/api/environments/{id}/work/poll', async ({ request, params, query, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      const workerId = query.get('workerId')?.trim()
      if (!workerId)
        return response.untyped(dataplaneError(400, 'missing_worker_id', 'workerId query parameter required'))
      const timeoutMs = query.get('timeoutMs')
      if (timeoutMs !== null && !/^\d+$/.test(timeoutMs)) {
        return response.untyped(
          dataplaneError(400, 'invalid_timeout', 'timeoutMs must be a non-negative integer'),
        )
      }
      const polled = protocol.poll(environment, workerId)
      // Answered at once when nothing is claimable; the worker simply polls again.
      if (!polled) return response(204).empty()
      return response(200).json(toWorkItem(polled.item, polled.metadata))
    }),

    http.post('/api/environments/{id}/work/{workId}/ack', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      const refused = protocol.ack(environment, params.workId, await readClaimUpdate(request))
      return response.untyped(refused ? refusal(refused) : emptyOk())
    }),

    http.post('/api/environments/{id}/work/{workId}/heartbeat', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      protocol.heartbeat(environment, params.workId)
      return response.untyped(emptyOk())
    }),

    http.post('/api/environments/{id}/work/{workId}/stop', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      protocol.stop(environment, params.workId)
      return response.untyped(emptyOk())
    }),

    http.post('/api/environments/{id}/work/{workId}', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      const refused = protocol.update(environment, params.workId, await readClaimUpdate(request))
      return response.untyped(refused ? refusal(refused) : emptyOk())
    }),

    http.get('/api/environments/{id}/sessions/{sid}/pending-tools', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      const tools = protocol.pendingTools(environment, params.sid)
      return isProtocolError(tools) ? response.untyped(refusal(tools)) : response(200).json(tools)
    }),

    http.get('/api/environments/{id}/sessions/{sid}/skills', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      const bundle = protocol.skills(environment, params.sid)
      return isProtocolError(bundle) ? response.untyped(refusal(bundle)) : response(200).json(bundle)
    }),

    http.post('/api/environments/{id}/sessions/{sid}/tool-results', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isProtocolError(environment)) return response.untyped(refusal(environment))
      // The session check comes before the body, as upstream resolves the session first.
      const pending = protocol.pendingTools(environment, params.sid)
      if (isProtocolError(pending)) return response.untyped(refusal(pending))
      const body = await readJsonBody(request)
      if (!body.ok)
        return response.untyped(dataplaneError(400, 'invalid_json', 'request body is not valid JSON'))
      const results = parseToolResults(body.value)
      if (results instanceof Response) return response.untyped(results)
      const recorded = protocol.postToolResults(environment, params.sid, results)
      return isProtocolError(recorded) ? response.untyped(refusal(recorded)) : response(200).json(recorded)
    }),
  ]
}
