/**
 * `npm run mock:serve`: the same handlers as a real HTTP server on 127.0.0.1, so curl, a worker
 * process and the console in real-API mode talk to the mock over the network.
 *
 *   npm run mock:serve -- --port 8787 [--latency 0] [--no-local] [--large-session-events 5000]
 *     [--engine-step-ms 300] [--virtual-workers] [--work-stale-ms 60000]
 *     [--stream-heartbeat-ms 15000] [--e2b-key] [--faults '{"errorRates":[…]}']
 *     [--bulk-environments 10000] [--bulk-subagents 50 --bulk-subagent-events 1000]
 *     [--api-variant code|docs|release]
 *
 * The execution engine runs turns on real timers. `--virtual-workers` adds the demo's worker-a and
 * worker-b on build-workers (off by default here: this transport is for real worker processes).
 * Faults can also be changed at run time through `GET/PUT /__mock/faults`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { getResponse } from 'msw'
import { createMockBackend } from './lib/backend'
import { isApiVariant, type ApiVariant } from './lib/api-variant'
import { parseFaults } from './lib/faults'
import { installEngine } from './engine/install-engine'
import { createRealScheduler } from './engine/scheduler'
import { createHandlers } from './handlers'
import { seed } from './seed'
import { DEMO_VIRTUAL_WORKERS } from './seed/demo-workers'

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? process.argv[index + 1] : undefined
}

function numberArg(name: string): number | undefined {
  const value = argValue(name)
  return value === undefined ? undefined : Number(value)
}

const port = Number(argValue('port') ?? process.env.MOCK_PORT ?? 8787)
const host = argValue('host') ?? '127.0.0.1'
const largeSessionEvents = numberArg('large-session-events') ?? 5000
/** Extra generated environments (benchmarks): `npm run bench` uses 10,000. */
const bulkEnvironments = numberArg('bulk-environments') ?? 0
/** A session with this many sub-agents (benchmarks), each with `--bulk-subagent-events` events. */
const bulkSubagents = numberArg('bulk-subagents') ?? 0
const bulkSubagentEvents = numberArg('bulk-subagent-events') ?? 1000
const variantArg = argValue('api-variant') ?? 'code'
if (!isApiVariant(variantArg)) {
  console.error(`--api-variant must be code, docs or release, not ${variantArg}`)
  process.exit(64)
}
const apiVariant: ApiVariant = variantArg
const backend = createMockBackend({
  options: {
    latencyMs: numberArg('latency') ?? 0,
    allowLocalEnvironments: !process.argv.includes('--no-local'),
    hasDeploymentE2bKey: process.argv.includes('--e2b-key'),
    traceEnabled: process.argv.includes('--trace-enabled'),
    ...(numberArg('work-stale-ms') === undefined ? {} : { workStaleMs: numberArg('work-stale-ms') }),
    apiVariant,
    ...(numberArg('stream-heartbeat-ms') === undefined
      ? {}
      : { streamHeartbeatMs: numberArg('stream-heartbeat-ms') }),
  },
  faults: parseFaults(argValue('faults') ?? null),
})
await seed(backend, { largeSessionEvents, bulkEnvironments, bulkSubagents, bulkSubagentEvents })
const stepMs = numberArg('engine-step-ms')
installEngine(backend, {
  scheduler: createRealScheduler(),
  virtualWorkers: process.argv.includes('--virtual-workers') ? DEMO_VIRTUAL_WORKERS : [],
  reseed: (target) =>
    seed(target, { largeSessionEvents, bulkEnvironments, bulkSubagents, bulkSubagentEvents }),
  ...(stepMs === undefined
    ? {}
    : {
        timing: {
          startMs: stepMs,
          stepMs,
          textChunkMs: Math.max(1, Math.round(stepMs / 5)),
          toolChunkMs: Math.max(1, Math.round(stepMs / 2)),
        },
      }),
})
const handlers = createHandlers(backend)

// The console may run on another origin (vite on :5173) in real-API mode.
const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,POST,PATCH,PUT,DELETE,OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization,Content-Type,Idempotency-Key,Last-Event-ID,X-AgentScope-Tenant,X-AgentScope-Namespace,X-Request-Id,X-Builder-Environment-Key',
  'Access-Control-Expose-Headers': 'X-Total-Count,X-Request-Id,Retry-After',
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `${host}:${port}`}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v))
    else if (value !== undefined) headers.set(name, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  })
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders).end()
    return
  }
  // Aborting when the client goes away ends long-lived event streams and their timers.
  const abort = new AbortController()
  res.on('close', () => abort.abort())
  const response = await getResponse(handlers, toRequest(req, abort.signal))
  if (!response) {
    res.writeHead(404, { 'Content-Type': 'application/json', ...corsHeaders })
    res.end(JSON.stringify({ error: `no mock route for ${req.method} ${req.url}` }))
    return
  }
  const headers: Record<string, string> = { ...corsHeaders }
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  res.writeHead(response.status, headers)
  // Node holds the status line and headers back until the first body chunk. An idle session's
  // event stream sends nothing but a keep-alive every 15 s, so without this the client would not
  // know for that long that the server accepted the stream (and would show "Connecting…").
  res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined))
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      res.write(value)
    }
  } catch {
    // The client disconnected, or a fault dropped the stream: cut the connection, no clean end.
    res.destroy()
    return
  }
  res.end()
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error('mock server error', error)
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', ...corsHeaders })
    res.end(JSON.stringify({ error: 'mock server error' }))
  })
})

server.listen(port, host, () => {
  console.log(`Mock AgentScope Service listening on http://${host}:${port} (API variant: ${apiVariant})`)
  console.log('Demo users: admin/admin (admin), alice/alice (developer), bob/bob (viewer)')
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    process.exit(0)
  })
}
