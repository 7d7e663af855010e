// @vitest-environment node
import { getResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { readSse } from '@/api/sse-reader'
import { createHandlers } from './handlers'
import { mintToken } from './lib/auth'
import { createMockBackend, type MockBackend } from './lib/backend'
import { createManualClock } from './lib/clock'
import { appendEvent } from './lib/event-log'
import { TEST_NOW } from './node'
import { seed } from './seed'
import { ENV, SESSION, USERS } from './seed/fixture-ids'
import { createTabRelay, type TabRelay } from './tab-relay'

/**
 * Tabs coordinated over a real BroadcastChannel (Node's): the leading tab answers with the mock's
 * handlers, the others forward. Each relay gets its own channel object, as each tab would.
 */
type Environment = components['schemas']['Environment']

let name = ''
const relays: TabRelay[] = []
const channels: BroadcastChannel[] = []
afterEach(() => {
  for (const relay of relays.splice(0)) relay.close()
  for (const channel of channels.splice(0)) channel.close()
})

function tab(tabId: string, answerTimeoutMs?: number): TabRelay {
  const channel = new BroadcastChannel(name)
  channels.push(channel)
  const relay = createTabRelay({ channel, tabId, ...(answerTimeoutMs ? { answerTimeoutMs } : {}) })
  relays.push(relay)
  return relay
}

async function backend(): Promise<MockBackend> {
  const created = createMockBackend({ clock: createManualClock(TEST_NOW), options: { latencyMs: 0 } })
  await seed(created, { largeSessionEvents: 50 })
  return created
}

function serveWith(target: MockBackend) {
  const handlers = createHandlers(target)
  return (request: Request) => getResponse(handlers, request)
}

/** A forwarded request the leader answered (undefined would mean it let the request through). */
function answeredBy(response: Response | undefined): Response {
  if (!response) throw new Error('the leader had no route for the request')
  return response
}

function call(target: MockBackend, path: string, init: RequestInit = {}): Request {
  const user = target.db.users.get(USERS.alice.userId)
  if (!user) throw new Error('seeded user missing')
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${mintToken(user, TEST_NOW)}`)
  if (init.body) headers.set('Content-Type', 'application/json')
  return new Request(`http://localhost${path}`, { ...init, headers })
}

describe('tab relay', () => {
  it('answers a follower’s requests from the leader’s backend, so both tabs see one world', async () => {
    name = `relay-${Math.random()}`
    const world = await backend()
    const leader = tab('leader')
    const follower = tab('follower')
    leader.lead(serveWith(world))
    expect(leader.isLeader()).toBe(true)
    expect(follower.isLeader()).toBe(false)

    const created = answeredBy(
      await follower.forward(
        call(world, '/api/environments', {
          method: 'POST',
          body: JSON.stringify({ name: 'made-in-the-other-tab', type: 'remote' }),
        }),
      ),
    )
    expect(created.status).toBe(200)
    const { id } = (await created.json()) as Environment
    // The change landed in the one backend: the leader's own reads see it.
    const listed = (await (await serveWith(world)(call(world, '/api/environments')))?.json()) as Environment[]
    expect(listed.map((environment) => environment.id)).toContain(id)
    const missing = answeredBy(await follower.forward(call(world, '/api/environments/env_nope')))
    expect(missing.status).toBe(404)
    const refusal = (await missing.json()) as Record<string, unknown>
    expect(typeof refusal.error).toBe('string')
  })

  it('streams event frames across tabs and ends the leader’s stream when the follower lets go', async () => {
    name = `relay-${Math.random()}`
    const world = await backend()
    const leader = tab('leader')
    const follower = tab('follower')
    leader.lead(serveWith(world))
    const abort = new AbortController()
    const response = answeredBy(
      await follower.forward(
        call(world, `/api/v1/agent-sessions/${SESSION.buildDone}/events/stream`, { signal: abort.signal }),
      ),
    )
    expect(response.headers.get('Content-Type')).toBe('text/event-stream')
    const record = world.db.sessions.get(SESSION.buildDone)
    if (!record || !response.body) throw new Error('no stream')
    const total = record.events.length
    const ids: string[] = []
    for await (const message of readSse(response.body, { signal: abort.signal })) {
      ids.push(message.id ?? '')
      if (ids.length === total) appendEvent(record, 'session.hint', { hint: 'live' }, TEST_NOW)
      if (ids.length === total + 1) abort.abort()
    }
    expect(ids).toEqual(record.events.map((event) => event.cursor))
  })

  it('hands over when the leader goes: the next tab leads and answers what was still waiting', async () => {
    name = `relay-${Math.random()}`
    const world = await backend()
    const waiting = tab('follower-1')
    const next = tab('follower-2')
    // Nobody leads yet: the request waits for a leader rather than failing.
    const answered = waiting.forward(call(world, `/api/environments/${ENV.labBox}`))
    await new Promise((resolve) => setTimeout(resolve, 20))
    next.lead(serveWith(world))
    const response = answeredBy(await answered)
    expect(response.status).toBe(200)
    expect(((await response.json()) as Environment).id).toBe(ENV.labBox)
  })

  it('gives up with 503 when no tab leads', async () => {
    name = `relay-${Math.random()}`
    const world = await backend()
    const alone = tab('alone', 50)
    const response = answeredBy(await alone.forward(call(world, '/api/environments')))
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ code: 'demo_backend_unavailable' })
  })

  it('lets a request the leader’s backend has no route for through to the network instead of answering 404', async () => {
    name = `relay-${Math.random()}`
    const world = await backend()
    const leader = tab('leader')
    const follower = tab('follower')
    leader.lead(serveWith(world))
    // The leader's own page lets such a request through (msw passes an unanswered one on); a
    // follower's must go the same way, or the follower alone sees a 404 the server never sent.
    expect(await follower.forward(call(world, '/api/not-a-route-of-the-mock'))).toBeUndefined()
    // What was still waiting when this tab took over goes the same way.
    const waiting = tab('waiting')
    const pending = waiting.forward(call(world, '/api/not-a-route-of-the-mock'))
    leader.close()
    waiting.lead(serveWith(world))
    expect(await pending).toBeUndefined()
  })
})
