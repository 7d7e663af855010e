// @vitest-environment node
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { toWorkItem } from '../lib/work-queue'
import { createTestBackend } from '../node'
import { ENV, SESSION } from '../seed/fixture-ids'
import { seededKey } from '../testing/control-plane-server'
import { parseWorkerArgs, type WorkerConfig } from './args'
import { WorkerLoop } from './worker-loop'

/**
 * The worker process's loop against the mock over msw/node (real timers, short intervals): what it
 * does when the server releases its item or another worker takes it over, and what it falls back
 * on where the server will not show a worker its item (upstream answers 403 there).
 */
const BASE = 'http://localhost'
const WORK_ID = 'work_loop_test'

let test: Awaited<ReturnType<typeof createTestBackend>>
let handsRoot = ''
beforeEach(async () => {
  test = await createTestBackend({}, { largeSessionEvents: 50 })
  test.server.listen({ onUnhandledRequest: 'error' })
  handsRoot = await mkdtemp(join(tmpdir(), 'worker-loop-'))
  const now = test.clock.now()
  // A finished session gets new work; it has no pending tools, so only the item's fate ends it.
  test.backend.db.workItems.set(WORK_ID, {
    id: WORK_ID,
    sessionId: SESSION.buildDone,
    environmentId: ENV.buildWorkers,
    ownerId: 'usr_alice',
    status: 'queued',
    claimedBy: null,
    workDir: null,
    createdAt: now - 60 * 60_000,
    updatedAt: now - 60 * 60_000,
  })
})
afterEach(async () => {
  test.server.close()
  await rm(handsRoot, { recursive: true, force: true })
})

function config(idleRounds: number): WorkerConfig {
  const parsed = parseWorkerArgs(
    [
      '--base-url',
      BASE,
      '--environment-id',
      ENV.buildWorkers,
      '--worker-id',
      'loop-worker',
      '--hands-root',
      handsRoot,
      '--poll-interval-ms',
      '10',
      '--tool-poll-ms',
      '10',
      '--heartbeat-ms',
      '20',
      '--idle-rounds',
      String(idleRounds),
    ],
    { ENVIRONMENT_KEY: seededKey(ENV.buildWorkers) },
  )
  if (typeof parsed === 'string') throw new Error(parsed)
  return parsed
}

/** A server that, unlike upstream, lets a worker key read work items. */
function allowWorkersToReadItems() {
  test.server.use(
    http.get(`${BASE}/api/environments/:id/work/:workId`, ({ request, params }) => {
      const workId = String(params.workId)
      // `/work/poll` and `/work/stats` are other routes: let them through.
      if (!request.headers.has('X-Builder-Environment-Key') || workId === 'poll' || workId === 'stats') {
        return undefined
      }
      const item = test.backend.db.workItems.get(workId)
      return item ? HttpResponse.json(toWorkItem(item)) : new HttpResponse(null, { status: 404 })
    }),
  )
}

async function runUntil(loop: WorkerLoop, log: string[], done: () => boolean, timeoutMs = 5_000) {
  const shutdown = new AbortController()
  const running = loop.run(shutdown.signal)
  const deadline = Date.now() + timeoutMs
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  shutdown.abort()
  await running
  expect(done(), log.join('\n')).toBe(true)
}

const item = () => test.backend.db.workItems.get(WORK_ID)

describe('worker loop', () => {
  it('leaves an item the server released (read as stopped) without stopping it again', async () => {
    allowWorkersToReadItems()
    const log: string[] = []
    const loop = new WorkerLoop(config(100_000), (line) => log.push(line))
    let released = false
    await runUntil(loop, log, () => {
      const current = item()
      if (!released && current?.status === 'active') {
        // The session went idle: the server releases the item.
        current.status = 'stopped'
        released = true
      }
      return log.some((line) => line.includes('released by the server'))
    })
    expect(log).toContainEqual(`left ${WORK_ID} (released by the server)`)
    expect(log.some((line) => line.startsWith(`stopped ${WORK_ID}`))).toBe(false)
    expect(item()).toMatchObject({ status: 'stopped', claimedBy: 'loop-worker' })
  })

  it('leaves an item another worker took over, without stopping the new holder’s claim', async () => {
    allowWorkersToReadItems()
    const log: string[] = []
    const loop = new WorkerLoop(config(100_000), (line) => log.push(line))
    await runUntil(loop, log, () => {
      const current = item()
      if (current?.status === 'active' && current.claimedBy === 'loop-worker') {
        Object.assign(current, { status: 'starting', claimedBy: 'worker-b' })
      }
      return log.some((line) => line.includes('taken over by worker-b'))
    })
    expect(item()).toMatchObject({ status: 'starting', claimedBy: 'worker-b' })
  })

  it('falls back on idle rounds where a worker may not read its item (403, as upstream), then stops it', async () => {
    const log: string[] = []
    const loop = new WorkerLoop(config(5), (line) => log.push(line))
    await runUntil(loop, log, () => log.some((line) => line.startsWith(`stopped ${WORK_ID}`)))
    // Learned once, not asked again every round.
    expect(log.filter((line) => line.includes('does not let workers read')).length).toBe(1)
    expect(log).toContainEqual(`stopped ${WORK_ID} (idle)`)
    expect(item()).toMatchObject({ status: 'stopped', claimedBy: 'loop-worker' })
    expect(log.join('\n')).not.toContain(seededKey(ENV.buildWorkers))
  })
})
