import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import type { TurnQueued } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { SESSION } from '../seed/fixture-ids'
import { appendEvent } from '../lib/event-log'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import {
  readJson,
  startSessionBackend,
  type SessionCall,
  type SessionHarness,
} from '../testing/session-harness'

type Turn = components['schemas']['Turn']
type ActionCommand = components['schemas']['ActionCommand']

let harness: SessionHarness
let queued: TurnQueued[]
beforeEach(async () => {
  harness = await startSessionBackend()
  queued = []
  harness.backend.onTurnQueued = (event) => queued.push(event)
})
afterEach(() => {
  harness.server.close()
  expect(harness.contractFailures).toEqual([])
})

function record(id: string): SessionRecord {
  const found = harness.backend.db.sessions.get(id)
  if (!found) throw new Error(`no session ${id}`)
  return found
}

const typesSince = (id: string, count: number) =>
  record(id)
    .events.slice(count)
    .map((event) => event.type)

function post(path: string, body?: unknown, key?: string, options: SessionCall = {}) {
  return harness.call(path, {
    method: 'POST',
    body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
    ...options,
  })
}

describe('POST …/turns', () => {
  const turnsOf = (id: string) => `/api/v1/agent-sessions/${id}/turns`

  it('C22: queues a turn (202) with turn.accepted (data.status queued) → turn.queued and the user input, and calls the engine hook', async () => {
    const id = MORE_SESSIONS.fresh
    const before = record(id).events.length
    const response = await post(
      turnsOf(id),
      { message: 'Write environment-check.txt and read it back.' },
      'turn-1',
    )
    expect(response.status).toBe(202)
    const turn = await readJson<Turn>(response)
    expect(turn).toMatchObject({ sessionId: id, status: 'queued', createdAt: harness.clock.now() })
    expect(typesSince(id, before)).toEqual(['turn.accepted', 'turn.queued', 'item.started', 'item.completed'])
    // C22: turn.accepted carries the status the turn is in, queued.
    expect(record(id).events[before]?.data).toEqual({ turn_id: turn.id, status: 'queued' })
    expect(record(id).events.at(-1)?.data).toMatchObject({
      turn_id: turn.id,
      item: {
        role: 'user',
        content: [{ type: 'text', text: 'Write environment-check.txt and read it back.' }],
      },
    })
    expect(queued).toEqual([
      expect.objectContaining({
        reason: 'created',
        turn: expect.objectContaining({ id: turn.id }) as unknown,
      }),
    ])
  })

  it('replays the same turn for a retried Idempotency-Key and 409s a different body', async () => {
    const id = MORE_SESSIONS.fresh
    const first = await readJson<Turn>(await post(turnsOf(id), { message: 'hi' }, 'retry-me'))
    const again = await post(turnsOf(id), { message: 'hi' }, 'retry-me')
    expect(again.status).toBe(202)
    expect((await readJson<Turn>(again)).id).toBe(first.id)
    expect(record(id).turns).toHaveLength(1)
    expect((await post(turnsOf(id), { message: 'something else' }, 'retry-me')).status).toBe(409)
  })

  it('requires a 1–256 character Idempotency-Key and a {message} or {input} body', async () => {
    const id = MORE_SESSIONS.fresh
    expect((await post(turnsOf(id), { message: 'hi' })).status).toBe(400)
    expect((await post(turnsOf(id), { message: 'hi' }, 'k'.repeat(257))).status).toBe(400)
    expect((await post(turnsOf(id), {}, 'a')).status).toBe(400)
    expect((await post(turnsOf(id), { message: '' }, 'b')).status).toBe(400)
    expect((await post(turnsOf(id), { message: 'x', input: [] }, 'c')).status).toBe(400)
    expect(
      (
        await post(
          turnsOf(id),
          { input: [{ role: 'assistant', content: [{ type: 'text', text: 'x' }] }] },
          'd',
        )
      ).status,
    ).toBe(400)
    expect((await post(turnsOf(id), { message: 'x'.repeat(300 * 1024) }, 'e')).status).toBe(413)
    const structured = await post(
      turnsOf(id),
      { input: [{ role: 'user', content: [{ type: 'text', text: 'from blocks' }] }] },
      'f',
    )
    expect(structured.status).toBe(202)
    expect(record(id).turns).toHaveLength(1)
  })

  it('refuses archived sessions (409) and other users’ sessions (404, as they cannot see them)', async () => {
    expect((await post(turnsOf(MORE_SESSIONS.archivedDocs), { message: 'hi' }, 'k1')).status).toBe(409)
    expect((await post(turnsOf(MORE_SESSIONS.fresh), { message: 'hi' }, 'k2', { as: 'bob' })).status).toBe(
      404,
    )
  })

  it('lists turns as a bare array, or a page with limit/offset, and reads one turn', async () => {
    const turns = await readJson<Turn[]>(await harness.call(turnsOf(SESSION.buildDone)))
    expect(turns.map((turn) => turn.status)).toEqual(['completed', 'completed'])
    const page = await readJson<{ items: Turn[]; next_offset: number | null }>(
      await harness.call(`${turnsOf(SESSION.buildDone)}?limit=1`),
    )
    expect(page).toEqual({ items: [turns[0]], next_offset: 1 })
    expect(await readJson<Turn>(await harness.call(`${turnsOf(SESSION.buildDone)}/${turns[1]?.id}`))).toEqual(
      turns[1],
    )
    expect((await harness.call(`${turnsOf(SESSION.buildDone)}/turn_missing`)).status).toBe(404)
  })
})

describe('cancel and resume', () => {
  const turnPath = (id: string, suffix: string) =>
    `/api/v1/agent-sessions/${id}/turns/${record(id).turns.at(-1)?.id}/${suffix}`

  it('cancels an open turn: cancel_requested then cancelled, pending tools withdrawn', async () => {
    const id = SESSION.labQueued
    const before = record(id).events.length
    const response = await post(turnPath(id, 'cancel'), undefined, 'cancel-1')
    expect(response.status).toBe(202)
    expect((await readJson<Turn>(response)).status).toBe('cancelled')
    expect(typesSince(id, before)).toEqual(['turn.cancel_requested', 'turn.cancelled', 'session.status_idle'])
    expect(record(id).pendingTools).toEqual([])
    expect((await post(turnPath(id, 'cancel'))).status).toBe(409)
  })

  it('ends the open run when cancelling a running turn', async () => {
    const id = MORE_SESSIONS.fresh
    const turn = await readJson<Turn>(
      await post(`/api/v1/agent-sessions/${id}/turns`, { message: 'go' }, 'go'),
    )
    // What an engine would have done: the turn is running in run_live1.
    appendEvent(record(id), 'run.started', { turn_id: turn.id, run_id: 'run_live1' }, harness.clock.now())
    await post(`/api/v1/agent-sessions/${id}/turns/${turn.id}/cancel`)
    expect(record(id).events.find((event) => event.type === 'run.ended')?.data).toMatchObject({
      run_id: 'run_live1',
      status: 'cancelled',
    })
  })

  it('resumes interrupted turns and refuses turns that still wait or are done', async () => {
    const id = MORE_SESSIONS.interrupted
    const response = await post(turnPath(id, 'resume'), undefined, 'resume-1')
    expect(response.status).toBe(202)
    expect(await readJson<Turn>(response)).toMatchObject({ status: 'queued', errorCode: null })
    expect(queued.map((event) => event.reason)).toEqual(['resumed'])
    expect((await post(turnPath(SESSION.buildDone, 'resume'))).status).toBe(409)
    const waiting = await post(turnPath(SESSION.buildActive, 'resume'))
    expect(waiting.status).toBe(409)
    expect((await readJson<{ message: string }>(waiting)).message).toMatch(/worker/)
  })
})

describe('required actions', () => {
  const actionsPath = () =>
    `/api/v1/agent-sessions/${SESSION.needsApproval}/turns/${record(SESSION.needsApproval).turns.at(-1)?.id}/actions`
  const pendingRequestId = () => {
    const created = record(SESSION.needsApproval)
      .events.filter((event) => event.type === 'required_action.created')
      .at(-1)
    return String(created?.data.request_id)
  }

  it('records an approval, resolves it and queues the turn again', async () => {
    expect(await readJson<ActionCommand[]>(await harness.call(actionsPath()))).toEqual([])
    const before = record(SESSION.needsApproval).events.length
    const requestId = pendingRequestId()
    const response = await post(
      actionsPath(),
      { answers: [{ request_id: requestId, allow: true }] },
      'approve-1',
    )
    expect(response.status).toBe(202)
    expect((await readJson<Turn>(response)).status).toBe('queued')
    expect(typesSince(SESSION.needsApproval, before)).toEqual([
      'required_action.accepted',
      'turn.queued',
      'required_action.resolved',
    ])
    const commands = await readJson<ActionCommand[]>(await harness.call(actionsPath()))
    expect(commands).toEqual([expect.objectContaining({ request_ids: [requestId], status: 'resolved' })])
    expect(queued.map((event) => event.reason)).toEqual(['actions_answered'])
    const replay = await post(
      actionsPath(),
      { answers: [{ request_id: requestId, allow: true }] },
      'approve-1',
    )
    expect(replay.status).toBe(202)
    expect(await readJson<ActionCommand[]>(await harness.call(actionsPath()))).toHaveLength(1)
  })

  it('marks a denied tool call as denied', async () => {
    const requestId = pendingRequestId()
    await post(
      actionsPath(),
      { answers: [{ request_id: requestId, allow: false, reason: 'not yet' }] },
      'deny-1',
    )
    const completed = record(SESSION.needsApproval)
      .events.filter((event) => event.type === 'tool.completed')
      .at(-1)
    expect(completed?.data).toMatchObject({
      status: 'denied',
      result: { is_error: true, content: 'Denied by the user: not yet' },
    })
  })

  it('validates answers', async () => {
    expect(
      (await post(actionsPath(), { answers: [{ request_id: pendingRequestId(), allow: true }] })).status,
    ).toBe(400)
    expect((await post(actionsPath(), { answers: [] }, 'v1')).status).toBe(400)
    expect(
      (await post(actionsPath(), { answers: [{ request_id: 'req_unknown', allow: true }] }, 'v2')).status,
    ).toBe(409)
    const done = `/api/v1/agent-sessions/${SESSION.buildDone}/turns/${record(SESSION.buildDone).turns[0]?.id}/actions`
    expect((await post(done, { answers: [{ request_id: 'req_x', allow: true }] }, 'v3')).status).toBe(409)
  })
})
