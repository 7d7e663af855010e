// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { readSse } from '@/api/sse-reader'
import { AGENT, ENV } from './seed/fixture-ids'
import { ENVIRONMENT_CHECK_FILE, ENVIRONMENT_CHECK_TEXT } from './engine/turn-scripts'

/**
 * The whole self-hosted flow over real HTTP: `npm run mock:serve` (src/mocks/server.ts) and the
 * worker process (`npm run worker`) as child processes, driven like the console and an operator
 * would. Short engine steps and worker intervals keep it to a few seconds.
 */
type PublicEvent = components['schemas']['PublicEvent']
type WorkItem = components['schemas']['WorkItem']

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

type Child = { process: ChildProcess; output: () => string; exited: Promise<number | null> }

/** Its own process group, so ending it also ends the node process npx starts. */
function start(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn('npx', ['tsx', ...args], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { process: child, output: () => output, exited }
}

function stop(child: Child | undefined) {
  if (child?.process.pid === undefined || child.process.exitCode !== null) return
  try {
    process.kill(-child.process.pid, 'SIGTERM')
  } catch {
    // Already gone.
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

let base = ''
let server: Child | undefined
/** Serves the session's input file, as an object store would. */
let files: Server | undefined
let filesBase = ''
const INPUT_CSV = 'region,orders\neu,42\n'
let worker: Child | undefined
let handsRoot = ''
let token = ''

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

/** The whole log through the events API, page by page. */
async function allEvents(sessionId: string): Promise<PublicEvent[]> {
  const events: PublicEvent[] = []
  let after = ''
  for (;;) {
    const page = await api<{ data: PublicEvent[]; has_more: boolean; next_cursor: string | null }>(
      `/api/v1/agent-sessions/${sessionId}/events?limit=1000${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    )
    events.push(...page.body.data)
    if (!page.body.has_more || !page.body.next_cursor) return events
    after = page.body.next_cursor
  }
}

const turnDone = (events: PublicEvent[], turnId: string) =>
  events.some((event) => event.type === 'turn.completed' && event.data.turn_id === turnId)

beforeAll(async () => {
  files = createHttpServer((req, res) => {
    if (req.url === '/inputs/orders.csv') res.writeHead(200, { 'Content-Type': 'text/csv' }).end(INPUT_CSV)
    else res.writeHead(404).end()
  })
  const filesPort = await freePort()
  await new Promise<void>((resolve) => files?.listen(filesPort, '127.0.0.1', resolve))
  filesBase = `http://127.0.0.1:${filesPort}`
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  handsRoot = await mkdtemp(join(tmpdir(), 'worker-hands-'))
  server = start([
    'src/mocks/server.ts',
    '--port',
    String(port),
    '--large-session-events',
    '100',
    '--engine-step-ms',
    '20',
    '--stream-heartbeat-ms',
    '1000',
  ])
  await until('the mock server', async () => {
    try {
      return (await fetch(`${base}/api/auth/me`)).status === 401 ? true : undefined
    } catch {
      return undefined
    }
  })
  const login = await api<{ token: string }>('/api/auth/login', {
    method: 'POST',
    body: { username: 'alice', password: 'alice' },
  })
  token = login.body.token
}, 60_000)

afterAll(async () => {
  stop(worker)
  stop(server)
  await Promise.all([worker?.exited, server?.exited])
  await new Promise((resolve) => files?.close(resolve))
  await rm(handsRoot, { recursive: true, force: true })
})

describe('self-hosted flow over HTTP', () => {
  it(
    'create env → worker online → agent default → session → skills and inputs staged → turn → worker writes the file → turn.completed → work stopped → rotation ends the worker',
    { timeout: 60_000 },
    async () => {
      const env = await api<{ id: string; apiKey: string }>('/api/environments', {
        method: 'POST',
        body: { name: 'it-workers', type: 'self_hosted', config: {} },
      })
      expect(env.status).toBe(200)
      // The key goes in through the environment only, never on the command line.
      worker = start(
        [
          'src/mocks/worker-cli/main.ts',
          '--base-url',
          base,
          '--environment-id',
          env.body.id,
          '--worker-id',
          'it-worker',
          '--hands-root',
          handsRoot,
          '--poll-interval-ms',
          '100',
          '--tool-poll-ms',
          '100',
          '--heartbeat-ms',
          '300',
        ],
        { ENVIRONMENT_KEY: env.body.apiKey },
      )
      await until('the worker to show online', async () => {
        const status = await api<{ workerHeartbeats: Record<string, number> }>('/api/hands/status')
        return status.body.workerHeartbeats['it-worker'] ? true : undefined
      })

      // Session defaults: read-modify-write of the agent definition with its version.
      const { body: current } = await api<{ definition: Record<string, unknown> }>(
        `/api/v1/agents/${AGENT.triageBot}/definition`,
      )
      const patched = await api(`/api/v1/agents/${AGENT.triageBot}/definition`, {
        method: 'PATCH',
        body: {
          ...current.definition,
          defaultEnvironmentId: env.body.id,
          skills: [
            {
              name: 'triage-rules',
              description: 'How to label issues.',
              files: { 'scripts/label.sh': '#!/bin/sh\necho bug\n' },
            },
          ],
        },
      })
      expect(patched.status).toBe(200)
      const session = await api<{ id: string; environmentId: string; environmentSource: string }>(
        '/api/v1/agent-sessions',
        {
          method: 'POST',
          body: {
            agent: AGENT.triageBot,
            resources: [{ type: 'file', url: `${filesBase}/inputs/orders.csv` }],
          },
        },
      )
      expect(session.body).toMatchObject({ environmentId: env.body.id, environmentSource: 'agent_default' })
      const sessionId = session.body.id

      const turn = await api<{ id: string }>(`/api/v1/agent-sessions/${sessionId}/turns`, {
        method: 'POST',
        body: { message: 'Write environment-check.txt and read it back.' },
        headers: { 'Idempotency-Key': 'it-turn' },
      })
      expect(turn.status).toBe(202)
      const events = await until('turn.completed', async () => {
        const log = await allEvents(sessionId)
        return turnDone(log, turn.body.id) ? log : undefined
      })
      const types = events.filter((event) => event.data.turn_id === turn.body.id).map((event) => event.type)
      const expected = [
        'turn.accepted',
        'turn.queued',
        'run.started',
        'turn.running',
        'item.completed',
        'tool.requested',
        'tool.dispatched',
        'turn.requires_action',
        'run.ended',
        'tool.completed',
        'turn.queued',
        'run.started',
        'tool.requested',
        'tool.dispatched',
        'turn.requires_action',
        'tool.completed',
        'turn.queued',
        'run.started',
        'item.completed',
        'run.ended',
        'turn.completed',
      ]
      let from = 0
      for (const type of expected) {
        from = types.indexOf(type, from) + 1
        expect(from, `${type} in order within ${types.join(' ')}`).toBeGreaterThan(0)
      }
      const reads = events.filter(
        (event) => event.type === 'tool.completed' && event.data.name === 'read_file',
      )
      // The worker answers as upstream's LocalHandsToolExecutor.readFile: "%6d|%s%n" per line; the
      // agent reads the numbered lines back and calls the check passed.
      expect(reads[0]?.data.result).toEqual({
        content: '     1|environment check: ok\n     2|worker can write and read its working directory\n',
        is_error: false,
      })
      const closing = events.findLast(
        (event) => event.type === 'item.completed' && event.data.turn_id === turn.body.id,
      )
      expect(JSON.stringify(closing?.data.item)).toContain('reads back exactly as written')
      expect(await readFile(join(handsRoot, sessionId, ENVIRONMENT_CHECK_FILE), 'utf8')).toBe(
        ENVIRONMENT_CHECK_TEXT,
      )

      // Before the first tool ran, the worker staged the agent's skill and the session's input file.
      const workDir = join(handsRoot, sessionId)
      expect(await readFile(join(workDir, 'skills/triage-rules/SKILL.md'), 'utf8')).toContain(
        '# triage-rules',
      )
      const script = join(workDir, 'skills/triage-rules/scripts/label.sh')
      expect(await readFile(script, 'utf8')).toBe('#!/bin/sh\necho bug\n')
      expect((await stat(script)).mode & 0o111).not.toBe(0)
      expect(await readFile(join(workDir, 'inputs/orders.csv'), 'utf8')).toBe(INPUT_CSV)

      // The session went idle: the server released the item straight to stopped, answering every
      // ack, heartbeat and stop with an empty 200 the worker took in stride.
      const item = await until('the work item to stop', async () => {
        const work = await api<WorkItem[]>(`/api/environments/${env.body.id}/work`)
        return work.body.find((candidate) => candidate.status === 'stopped')
      })
      expect(item).toMatchObject({ sessionId, claimedBy: 'it-worker', workDir, workId: item.id })
      expect(worker.output()).not.toMatch(/fatal|failed/)

      // Rotation: the old key dies at once and the worker exits with a clear message.
      expect((await api(`/api/environments/${env.body.id}/rotate-key`, { method: 'POST' })).status).toBe(200)
      expect(await worker.exited).toBe(2)
      expect(worker.output()).toMatch(/environment key rejected \(401\)/)
      expect(worker.output()).not.toContain(env.body.apiKey)
    },
  )

  it(
    'resumes a dropped event stream with Last-Event-ID: no gap, no duplicate',
    { timeout: 60_000 },
    async () => {
      const session = await api<{ id: string }>('/api/v1/agent-sessions', {
        method: 'POST',
        body: { agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal },
      })
      const sessionId = session.body.id
      expect((await api('/__mock/faults', { method: 'PUT', body: { streamDropEveryMs: 150 } })).status).toBe(
        200,
      )
      const turn = await api<{ id: string }>(`/api/v1/agent-sessions/${sessionId}/turns`, {
        method: 'POST',
        body: { message: 'Give me a long, verbose output.' },
        headers: { 'Idempotency-Key': 'it-sse-turn' },
      })
      const seen: PublicEvent[] = []
      let lastId: string | undefined
      let drops = 0
      while (!turnDone(seen, turn.body.id)) {
        const controller = new AbortController()
        const response = await fetch(`${base}/api/v1/agent-sessions/${sessionId}/events/stream`, {
          headers: { Authorization: `Bearer ${token}`, ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
          signal: controller.signal,
        })
        expect(response.status).toBe(200)
        try {
          for await (const message of readSse(response.body ?? new ReadableStream(), {
            signal: controller.signal,
          })) {
            const event = JSON.parse(message.data) as PublicEvent
            seen.push(event)
            lastId = message.id
            if (turnDone(seen, turn.body.id)) controller.abort()
          }
        } catch {
          drops += 1
        }
      }
      await api('/__mock/faults', { method: 'DELETE' })
      const log = await allEvents(sessionId)
      const upTo = log.findIndex(
        (event) => event.type === 'turn.completed' && event.data.turn_id === turn.body.id,
      )
      expect(drops).toBeGreaterThan(0)
      expect(seen.map((event) => event.id)).toEqual(log.slice(0, upTo + 1).map((event) => event.id))
    },
  )
})
