import { afterEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { readSse, type SseMessage } from '@/api/sse-reader'
import type { SessionRecord } from '../db/types'
import { encodeCursor } from '../lib/cursor'
import { appendEvent } from '../lib/event-log'
import { listenerCount } from '../lib/event-bus'
import { SESSION } from '../seed/fixture-ids'
import { SUBAGENT_TREE } from '../seed/seed-subagents'
import { readJson, startSessionBackend, type SessionHarness } from '../testing/session-harness'

type Schemas = components['schemas']
type View = { data: Schemas['ResourceEnvelope'][]; as_of: string }

/*
 * Upstream at b589d28e, agentscope-service/service-dataplane/src/main/java/io/agentscope/builder/:
 * web/api/AgentSessionChildrenController.java (snapshot, resource, events, stream),
 * web/api/AgentSessionEventsController.java (subagents), web/managed/AgentSessionView.java
 * (apply: `subagent.*` → subagents keyed by childSessionId), web/managed/SessionNativeLogService.java
 * (descendants, refreshDescendant), web/managed/SessionUsageService.java (read).
 */

let harness: SessionHarness
afterEach(() => {
  harness.server.close()
  expect(harness.contractFailures).toEqual([])
})

const S = `/api/v1/agent-sessions/${SUBAGENT_TREE.parent}`
const child = (id: string, rest = '') => `${S}/subagents/${id}${rest}`

function childRecord(id: string): SessionRecord {
  const found = harness.backend.db.subagentSessions.get(id)
  if (!found) throw new Error(`no child ${id}`)
  return found
}

describe('GET {S}/subagents (AgentSessionEventsController.subagents)', () => {
  it('lists the direct children from the subagent.* events the parent logged, the newest event per child', async () => {
    harness = await startSessionBackend()
    const view = await readJson<View>(await harness.call(`${S}/subagents`))
    expect(view.data.map((entry) => entry.data.childSessionId)).toEqual([
      SUBAGENT_TREE.changelog,
      SUBAGENT_TREE.dependencies,
      SUBAGENT_TREE.docsLinks,
    ])
    expect(view.data.map((entry) => [entry.type, entry.data.taskId, entry.data.status])).toEqual([
      ['subagent.completed', 'changelog-review', 'completed'],
      ['subagent.completed', 'dependency-audit', 'completed'],
      ['subagent.started', 'docs-links', 'running'],
    ])
    const parent = harness.backend.db.sessions.get(SUBAGENT_TREE.parent)
    expect(view.as_of).toBe(parent?.events.at(-1)?.cursor)
    // The snapshot carries the same list.
    const snapshot = await readJson<Schemas['Snapshot']>(await harness.call(`${S}/snapshot`))
    expect(snapshot.subagents).toEqual(view.data)
  })

  it('answers an empty list for a session that never delegated', async () => {
    harness = await startSessionBackend()
    const view = await readJson<View>(
      await harness.call(`/api/v1/agent-sessions/${SESSION.buildDone}/subagents`),
    )
    expect(view.data).toEqual([])
  })
})

describe('GET {S}/subagents/{child}/… (AgentSessionChildrenController)', () => {
  it('snapshot: the child view with session = {id, parent_session_id}, at the bare path and /snapshot', async () => {
    harness = await startSessionBackend()
    for (const path of [child(SUBAGENT_TREE.changelog), child(SUBAGENT_TREE.changelog, '/snapshot')]) {
      const snapshot = await readJson<Schemas['Snapshot']>(await harness.call(path))
      expect(snapshot.session).toEqual({
        id: SUBAGENT_TREE.changelog,
        parent_session_id: SUBAGENT_TREE.parent,
      })
      expect(snapshot.as_of).toBe(childRecord(SUBAGENT_TREE.changelog).events.at(-1)?.cursor)
      expect(snapshot.turns.map((turn) => turn.data.status)).toEqual(['completed'])
    }
  })

  it('refreshDescendant: a grandchild is reachable through the root (any depth); an unlinked id is 404', async () => {
    harness = await startSessionBackend()
    const grandchild = await harness.call(child(SUBAGENT_TREE.licenses, '/snapshot'))
    expect(grandchild.status).toBe(200)
    expect(((await grandchild.json()) as Schemas['Snapshot']).session).toEqual({
      id: SUBAGENT_TREE.licenses,
      parent_session_id: SUBAGENT_TREE.parent,
    })
    // Through its own parent too.
    const viaParent = await harness.call(
      `/api/v1/agent-sessions/${SUBAGENT_TREE.dependencies}/subagents/${SUBAGENT_TREE.licenses}`,
    )
    // The child is no session of the caller's: the route needs the owner's session at the top.
    expect(viaParent.status).toBe(404)
    // Another session of the caller's is not a child of this one, nor is a child of another tree.
    expect((await harness.call(child(SESSION.buildDone, '/snapshot'))).status).toBe(404)
    expect(
      (await harness.call(`/api/v1/agent-sessions/${SESSION.buildDone}/subagents/${SUBAGENT_TREE.changelog}`))
        .status,
    ).toBe(404)
    // The child is not a session of its own: the session routes do not know it.
    expect((await harness.call(`/api/v1/agent-sessions/${SUBAGENT_TREE.changelog}`)).status).toBe(404)
    // Someone else's parent is not found either.
    expect((await harness.call(child(SUBAGENT_TREE.changelog), { as: 'admin' })).status).toBe(404)
  })

  it('resource: items, tools, turns, runs, required-actions, usage and subagents projected from the child view', async () => {
    harness = await startSessionBackend()
    const snapshot = await readJson<Schemas['Snapshot']>(await harness.call(child(SUBAGENT_TREE.docsLinks)))
    for (const [path, field] of [
      ['items', 'items'],
      ['tools', 'tools'],
      ['turns', 'turns'],
      ['runs', 'runs'],
      ['required-actions', 'required_actions'],
      ['subagents', 'subagents'],
    ] as const) {
      const view = await readJson<View>(await harness.call(child(SUBAGENT_TREE.docsLinks, `/${path}`)))
      expect(view).toEqual({ data: snapshot[field], as_of: snapshot.as_of })
    }
    const actions = await readJson<View>(
      await harness.call(child(SUBAGENT_TREE.docsLinks, '/required-actions')),
    )
    expect(actions.data.map((action) => action.data.kind)).toEqual(['confirmation'])
    const usage = await readJson<Schemas['UsageView']>(
      await harness.call(child(SUBAGENT_TREE.docsLinks, '/usage')),
    )
    expect(usage).toEqual({ data: snapshot.usage, as_of: snapshot.as_of })
    expect(usage.data.scope).toBe('session_only')
    // The middle child's own children.
    const nested = await readJson<View>(await harness.call(child(SUBAGENT_TREE.dependencies, '/subagents')))
    expect(nested.data.map((entry) => entry.data.childSessionId)).toEqual([SUBAGENT_TREE.licenses])
  })

  it('events: pages the child log with child cursors; a parent cursor is 400, one ahead of the child head 409', async () => {
    harness = await startSessionBackend()
    const log = childRecord(SUBAGENT_TREE.dependencies).events
    const first = await readJson<Schemas['EventPage']>(
      await harness.call(child(SUBAGENT_TREE.dependencies, '/events?limit=5')),
    )
    expect(first.data.map((event) => event.id)).toEqual(log.slice(0, 5).map((event) => event.id))
    expect(first.next_cursor).toBe(log[4]?.cursor)
    expect(first.has_more).toBe(true)
    const rest = await readJson<Schemas['EventPage']>(
      await harness.call(child(SUBAGENT_TREE.dependencies, `/events?limit=1000&after=${first.next_cursor}`)),
    )
    expect([...first.data, ...rest.data].map((event) => event.id)).toEqual(log.map((event) => event.id))
    expect(rest.has_more).toBe(false)
    expect(rest.data.every((event) => event.session_id === SUBAGENT_TREE.dependencies)).toBe(true)

    const parentCursor = harness.backend.db.sessions.get(SUBAGENT_TREE.parent)?.events[3]?.cursor ?? ''
    expect(
      (await harness.call(child(SUBAGENT_TREE.dependencies, `/events?after=${parentCursor}`))).status,
    ).toBe(400)
    const ahead = encodeCursor(SUBAGENT_TREE.dependencies, log.length + 5)
    expect((await harness.call(child(SUBAGENT_TREE.dependencies, `/events?after=${ahead}`))).status).toBe(409)
    expect((await harness.call(child(SUBAGENT_TREE.dependencies, '/events?limit=1001'))).status).toBe(400)
    expect((await harness.call(child('sess_notachild', '/events'))).status).toBe(404)
  })

  it('events/stream: replays and follows the child log from the later of after and Last-Event-ID; parent cursors are refused', async () => {
    harness = await startSessionBackend()
    const record = childRecord(SUBAGENT_TREE.docsLinks)
    const parentCursor = harness.backend.db.sessions.get(SUBAGENT_TREE.parent)?.events[0]?.cursor ?? ''
    expect(
      (await harness.call(child(SUBAGENT_TREE.docsLinks, `/events/stream?after=${parentCursor}`))).status,
    ).toBe(400)
    expect(
      (
        await harness.call(child(SUBAGENT_TREE.docsLinks, '/events/stream'), {
          headers: { 'Last-Event-ID': parentCursor },
        })
      ).status,
    ).toBe(400)
    expect((await harness.call(child('sess_notachild', '/events/stream'))).status).toBe(404)

    const early = record.events[1]?.cursor ?? ''
    const late = record.events.at(-2)?.cursor ?? ''
    const controller = new AbortController()
    const response = await harness.open(child(SUBAGENT_TREE.docsLinks, `/events/stream?after=${early}`), {
      headers: { 'Last-Event-ID': late },
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    if (!response.body) throw new Error('no body')
    const messages: SseMessage[] = []
    for await (const message of readSse(response.body, { signal: controller.signal })) {
      messages.push(message)
      if (messages.length === 1) appendEvent(record, 'session.hint', { hint: 'live' }, harness.clock.now())
      if (messages.length === 2) controller.abort()
    }
    expect(messages.map((message) => message.id)).toEqual([
      record.events.at(-2)?.cursor,
      record.events.at(-1)?.cursor,
    ])
    expect(messages[1]?.event).toBe('session.hint')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(listenerCount(record)).toBe(0)
  })
})

describe('GET {S}/usage?include_children=true (SessionUsageService.read)', () => {
  it('sums the session and every descendant, tags each model entry with its session and keeps one watermark per session', async () => {
    harness = await startSessionBackend()
    // Breadth first, as descendants() walks the logs: the children, then the grandchild.
    const ids = [
      SUBAGENT_TREE.parent,
      SUBAGENT_TREE.changelog,
      SUBAGENT_TREE.dependencies,
      SUBAGENT_TREE.docsLinks,
      SUBAGENT_TREE.licenses,
    ]
    const own = await Promise.all(
      ids.map(async (id) =>
        readJson<Schemas['UsageView']>(
          await harness.call(id === SUBAGENT_TREE.parent ? `${S}/usage` : child(id, '/usage')),
        ),
      ),
    )
    const tree = await readJson<Schemas['UsageView']>(await harness.call(`${S}/usage?include_children=true`))
    expect(tree.data.scope).toBe('session_tree')
    const sum = (key: string) => own.reduce((total, view) => total + Number(view.data.totals[key] ?? 0), 0)
    expect(tree.data.totals.total_tokens).toBe(sum('total_tokens'))
    expect(tree.data.model_calls).toBe(own.reduce((total, view) => total + view.data.model_calls, 0))
    expect(Object.keys(tree.data.session_watermarks ?? {})).toEqual(ids)
    expect(tree.data.session_watermarks).toEqual(
      Object.fromEntries(ids.map((id, index) => [id, own[index]?.as_of])),
    )
    expect(new Set((tree.data.models ?? []).map((model) => model.session_id))).toEqual(new Set(ids))
    expect(tree.as_of).toBe(own[0]?.as_of)
    // Without children it is the session alone.
    const alone = await readJson<Schemas['UsageView']>(await harness.call(`${S}/usage`))
    expect(alone.data.scope).toBe('session_only')
    expect(alone.data.totals.total_tokens).toBeLessThan(Number(tree.data.totals.total_tokens))
  })
})
