import { afterEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { readSse, type SseMessage } from '@/api/sse-reader'
import type { SessionRecord } from '../db/types'
import { encodeCursor } from '../lib/cursor'
import { listenerCount } from '../lib/event-bus'
import { SESSION } from '../seed/fixture-ids'
import { appendEvent } from '../lib/event-log'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { readJson, startSessionBackend, type SessionHarness } from '../testing/session-harness'

type Schemas = components['schemas']
type EventPage = Schemas['EventPage']
type PublicEvent = Schemas['PublicEvent']

let harness: SessionHarness
afterEach(() => {
  harness.server.close()
  expect(harness.contractFailures).toEqual([])
})

function record(id: string): SessionRecord {
  const found = harness.backend.db.sessions.get(id)
  if (!found) throw new Error(`no session ${id}`)
  return found
}

const eventsPath = (id: string, query = '') => `/api/v1/agent-sessions/${id}/events${query}`
const streamPath = (id: string, query = '') => `/api/v1/agent-sessions/${id}/events/stream${query}`

/** Resolves on the next macrotask, after the stream's cancel has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('GET …/events', () => {
  it('pages through the whole large session with no gap and no duplicate', async () => {
    harness = await startSessionBackend({ largeSessionEvents: 5000 })
    const log = record(SESSION.largeHistory).events
    expect(log.length).toBeGreaterThanOrEqual(5000)
    const received: PublicEvent[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 20; pages += 1) {
      const query: string = cursor === null ? '?limit=777' : `?limit=777&after=${encodeURIComponent(cursor)}`
      const page: EventPage = await readJson<EventPage>(
        await harness.call(eventsPath(SESSION.largeHistory, query)),
      )
      received.push(...page.data)
      cursor = page.next_cursor ?? null
      if (!page.has_more) break
    }
    expect(received.map((event) => event.id)).toEqual(log.map((event) => event.id))
    expect(new Set(received.map((event) => event.id)).size).toBe(log.length)
    expect(cursor).toBe(log.at(-1)?.cursor)
    const tail = await readJson<EventPage>(
      await harness.call(eventsPath(SESSION.largeHistory, `?after=${cursor}`)),
    )
    expect(tail).toEqual({ data: [], has_more: false, next_cursor: cursor })
    const first = await readJson<EventPage>(await harness.call(eventsPath(SESSION.largeHistory)))
    expect(first.data).toHaveLength(100)
  })

  it('C19: answers 400 for a malformed or foreign cursor and 409 for one ahead of the head', async () => {
    harness = await startSessionBackend()
    const id = SESSION.buildDone
    const head = record(id).nextSeq - 1
    const foreign = record(SESSION.buildActive).events[3]?.cursor ?? ''
    expect((await harness.call(eventsPath(id, '?after=not-a-cursor'))).status).toBe(400)
    const cross = await harness.call(eventsPath(id, `?after=${foreign}`))
    expect(cross.status).toBe(400)
    expect(await cross.json()).toMatchObject({ status: 400, error: 'Bad Request', code: 'invalid_cursor' })
    expect((await harness.call(eventsPath(id, `?after=${encodeCursor(id, head + 1)}`))).status).toBe(409)
    expect((await harness.call(eventsPath(id, `?after=${encodeCursor(id, head)}`))).status).toBe(200)
    expect((await harness.call(eventsPath(id, '?limit=1001'))).status).toBe(400)
  })

  it('C19: has no 410: a cursor into compacted history continues from the oldest retained event', async () => {
    harness = await startSessionBackend()
    const compacted = record(MORE_SESSIONS.compacted)
    const page = await harness.call(
      eventsPath(compacted.session.id, `?limit=2&after=${encodeCursor(compacted.session.id, 3)}`),
    )
    expect(page.status).toBe(200)
    expect((await readJson<EventPage>(page)).data.map((event) => event.id)).toEqual(
      compacted.events.slice(0, 2).map((event) => event.id),
    )
  })

  it('C19 (docs variant): answers 410 cursor_expired for a compacted cursor', async () => {
    harness = await startSessionBackend({ options: { apiVariant: 'docs' } })
    const compacted = record(MORE_SESSIONS.compacted)
    const expired = await harness.call(
      eventsPath(compacted.session.id, `?after=${encodeCursor(compacted.session.id, 3)}`),
    )
    expect(expired.status).toBe(410)
    expect(await expired.json()).toMatchObject({ status: 410, code: 'cursor_expired' })
    const fromStart = await readJson<EventPage>(
      await harness.call(eventsPath(compacted.session.id, '?limit=1')),
    )
    expect(fromStart.data[0]?.id).toBe(compacted.events[0]?.id)
  })

  it('C20: next_cursor is always a string, also on an empty page of an empty log, and the page has no as_of', async () => {
    harness = await startSessionBackend()
    const session = record(MORE_SESSIONS.fresh)
    session.events.splice(0)
    session.nextSeq = 1
    const empty = await readJson<Record<string, unknown>>(await harness.call(eventsPath(session.session.id)))
    expect(Object.keys(empty).sort()).toEqual(['data', 'has_more', 'next_cursor'])
    expect(empty).toMatchObject({ data: [], has_more: false })
    expect(typeof empty.next_cursor).toBe('string')
    // That cursor is a valid position: appending and reading after it gets the new event.
    appendEvent(session, 'session.hint', { hint: 'first' }, harness.clock.now())
    const next = await readJson<EventPage>(
      await harness.call(eventsPath(session.session.id, `?after=${String(empty.next_cursor)}`)),
    )
    expect(next.data.map((event) => event.type)).toEqual(['session.hint'])
    expect(typeof next.next_cursor).toBe('string')
  })

  it('C20: GET …/events/{eventId} answers the envelope, 404 for an event of another session', async () => {
    harness = await startSessionBackend()
    const event = record(SESSION.buildDone).events[4]
    if (!event) throw new Error('seeded event missing')
    const found = await harness.call(`/api/v1/agent-sessions/${SESSION.buildDone}/events/${event.id}`)
    expect(found.status).toBe(200)
    expect(await found.json()).toEqual(event)
    expect(
      (await harness.call(`/api/v1/agent-sessions/${SESSION.buildActive}/events/${event.id}`)).status,
    ).toBe(404)
    expect((await harness.call(`/api/v1/agent-sessions/${SESSION.buildDone}/events/evt_nope`)).status).toBe(
      404,
    )
  })
})

describe('GET …/events/stream', () => {
  /** Opens the stream, reads `count` messages, then disconnects the way the console does (abort). */
  async function readStream(
    path: string,
    count: number,
    options: { headers?: Record<string, string>; onEach?: (index: number) => void } = {},
  ): Promise<{ response: Response; messages: SseMessage[] }> {
    const controller = new AbortController()
    const response = await harness.open(path, { headers: options.headers, signal: controller.signal })
    if (!response.body) throw new Error('no body')
    const messages: SseMessage[] = []
    for await (const message of readSse(response.body, { signal: controller.signal })) {
      messages.push(message)
      options.onEach?.(messages.length)
      if (messages.length >= count) controller.abort()
    }
    return { response, messages }
  }

  it('replays, resumes with Last-Event-ID without gap or duplicate, then delivers new events live', async () => {
    harness = await startSessionBackend({ largeSessionEvents: 5000 })
    const session = record(SESSION.largeHistory)
    const total = session.events.length

    const { response: first, messages: head } = await readStream(streamPath(SESSION.largeHistory), 1234)
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('text/event-stream')
    expect(first.headers.get('Cache-Control')).toBe('no-cache')
    await settle()
    expect(listenerCount(session)).toBe(0)

    const lastId = head.at(-1)?.id ?? ''
    // Of a (stale) `after` parameter and Last-Event-ID, the later position wins: here the header.
    const liveAt = harness.clock.now()
    const { messages: rest } = await readStream(
      streamPath(SESSION.largeHistory, `?after=${session.events[10]?.cursor}`),
      total - head.length + 1,
      {
        headers: { 'Last-Event-ID': lastId },
        // Once the backlog is through, append while the stream is open: it must arrive live.
        onEach: (index) => {
          if (index === total - head.length) appendEvent(session, 'session.hint', { hint: 'live' }, liveAt)
        },
      },
    )

    const all = [...head, ...rest].map((message) => JSON.parse(message.data) as PublicEvent)
    expect(all.map((event) => event.id)).toEqual(session.events.map((event) => event.id))
    expect(new Set(all.map((event) => event.id)).size).toBe(total + 1)
    const live = rest.at(-1)
    expect(live).toMatchObject({ event: 'session.hint', id: session.events.at(-1)?.cursor })
    expect(all.every((event, index) => [...head, ...rest][index]?.id === event.cursor)).toBe(true)
    await settle()
    expect(listenerCount(session)).toBe(0)
  })

  it('C21: sends `:keepalive` comment heartbeats that never move the cursor', async () => {
    harness = await startSessionBackend({ options: { streamHeartbeatMs: 5 } })
    const session = record(MORE_SESSIONS.fresh)
    const controller = new AbortController()
    const response = await harness.open(streamPath(session.session.id), { signal: controller.signal })
    if (!response.body) throw new Error('no body')
    const comments: string[] = []
    const messages: SseMessage[] = []
    const reader = readSse(response.body, {
      signal: controller.signal,
      onComment: (text) => {
        comments.push(text)
        if (comments.length === 2)
          appendEvent(session, 'session.hint', { hint: 'after heartbeats' }, harness.clock.now())
      },
    })
    for await (const message of reader) {
      messages.push(message)
      if (message.event === 'session.hint') controller.abort()
    }
    await settle()
    expect(listenerCount(session)).toBe(0)
    expect(comments.slice(0, 2)).toEqual(['keepalive', 'keepalive'])
    expect(messages.map((message) => message.event)).toEqual([
      'session.status_created',
      'session.status_idle',
      'session.hint',
    ])
  })

  it('C21: resumes from the later of `after` and Last-Event-ID', async () => {
    harness = await startSessionBackend()
    const session = record(SESSION.buildDone)
    const early = session.events[2]?.cursor ?? ''
    const late = session.events[10]?.cursor ?? ''
    for (const [query, header] of [
      [late, early],
      [early, late],
    ] as const) {
      const { messages } = await readStream(streamPath(SESSION.buildDone, `?after=${query}`), 1, {
        headers: { 'Last-Event-ID': header },
      })
      expect(messages[0]?.id).toBe(session.events[11]?.cursor)
    }
  })

  it('C19: the stream answers 400 for a foreign cursor in either place and 409 for one ahead, before streaming', async () => {
    harness = await startSessionBackend()
    const id = MORE_SESSIONS.compacted
    const foreign = record(SESSION.buildDone).events[0]?.cursor ?? ''
    expect((await harness.call(streamPath(id, `?after=${foreign}`))).status).toBe(400)
    expect((await harness.call(streamPath(id), { headers: { 'Last-Event-ID': foreign } })).status).toBe(400)
    const ahead = encodeCursor(id, record(id).nextSeq)
    expect((await harness.call(streamPath(id), { headers: { 'Last-Event-ID': ahead } })).status).toBe(409)
    expect(listenerCount(record(id))).toBe(0)
  })

  it('C19 (docs variant): the stream answers 410 before streaming when the cursor expired', async () => {
    harness = await startSessionBackend({ options: { apiVariant: 'docs' } })
    const id = MORE_SESSIONS.compacted
    const expired = await harness.call(streamPath(id), { headers: { 'Last-Event-ID': encodeCursor(id, 2) } })
    expect(expired.status).toBe(410)
    expect(await expired.json()).toMatchObject({ code: 'cursor_expired' })
    expect(listenerCount(record(id))).toBe(0)
  })
})

describe('snapshot and views', () => {
  it('derives the snapshot from the log: as_of is the last cursor and every view agrees with the events', async () => {
    harness = await startSessionBackend()
    for (const id of [
      SESSION.buildDone,
      SESSION.needsApproval,
      SESSION.largeHistory,
      MORE_SESSIONS.compacted,
    ]) {
      const session = record(id)
      const snapshot = await readJson<Schemas['Snapshot']>(
        await harness.call(`/api/v1/agent-sessions/${id}/snapshot`),
      )
      expect(snapshot.as_of).toBe(session.events.at(-1)?.cursor)
      expect(snapshot.session).toMatchObject({ id })

      const turnIds = new Set(session.events.map((event) => event.data.turn_id).filter(Boolean))
      expect(snapshot.turns.map((turn) => turn.id).sort()).toEqual([...turnIds].sort())
      for (const turn of snapshot.turns)
        expect(turn.data.status).toBe(session.turns.find((t) => t.id === turn.id)?.status)

      const toolCalls = new Set(
        session.events
          .filter((event) => event.type.startsWith('tool.'))
          .map((event) => event.data.tool_call_id),
      )
      expect(snapshot.tools).toHaveLength(toolCalls.size)
      for (const tool of snapshot.tools) {
        const completed = session.events.find(
          (event) => event.type === 'tool.completed' && event.data.tool_call_id === tool.id,
        )
        if (completed)
          expect(tool.data).toMatchObject({ status: completed.data.status, output: completed.data.output })
      }

      for (const item of snapshot.items) {
        const deltas = session.events.filter(
          (event) => event.type === 'item.delta' && event.data.item_id === item.id,
        )
        const text = deltas.map((event) => (event.data.content as { text: string }[])[0]?.text ?? '').join('')
        if (deltas.length > 0) expect(item.data.item).toMatchObject({ content: [{ type: 'text', text }] })
      }

      const usageEvents = session.events.filter((event) => event.type === 'usage.recorded')
      const tokens = usageEvents.reduce(
        (sum, event) => sum + Number((event.data.usage as { total_tokens: number }).total_tokens),
        0,
      )
      expect(snapshot.usage).toMatchObject({
        scope: 'session_only',
        model_calls: usageEvents.length,
        totals: { total_tokens: tokens },
      })

      // The watermark is a valid resume point: nothing comes after it.
      const after = await readJson<EventPage>(await harness.call(eventsPath(id, `?after=${snapshot.as_of}`)))
      expect(after.data).toEqual([])
    }
    const approval = await readJson<Schemas['Snapshot']>(
      await harness.call(`/api/v1/agent-sessions/${SESSION.needsApproval}/snapshot`),
    )
    expect(approval.required_actions.at(-1)?.data).toMatchObject({ kind: 'confirmation', status: 'created' })
  })

  it('serves tools, items and usage with the same watermark', async () => {
    harness = await startSessionBackend()
    const id = SESSION.buildDone
    const asOf = record(id).events.at(-1)?.cursor
    const tools = await readJson<Schemas['ResourceView']>(
      await harness.call(`/api/v1/agent-sessions/${id}/tools`),
    )
    expect(tools.as_of).toBe(asOf)
    expect(tools.data.map((tool) => tool.data.name)).toEqual(
      expect.arrayContaining(['write_file', 'read_file', 'execute', 'edit_file']),
    )
    expect(tools.data.every((tool) => tool.type === 'tool.updated')).toBe(true)
    const items = await readJson<Schemas['ResourceView']>(
      await harness.call(`/api/v1/agent-sessions/${id}/items`),
    )
    expect(items.as_of).toBe(asOf)
    expect(items.data.some((item) => JSON.stringify(item.data).includes('environment-check.txt'))).toBe(true)
    const usage = await readJson<Schemas['UsageView']>(
      await harness.call(`/api/v1/agent-sessions/${id}/usage`),
    )
    expect(usage).toMatchObject({
      as_of: asOf,
      data: { scope: 'session_only', currency: 'USD', cost_complete: true },
    })
    expect(usage.data.estimated_cost).toBeGreaterThan(0)
    const tree = await readJson<Schemas['UsageView']>(
      await harness.call(`/api/v1/agent-sessions/${id}/usage?include_children=true`),
    )
    expect(tree.data).toMatchObject({ scope: 'session_tree', session_watermarks: { [id]: asOf } })
  })
})
