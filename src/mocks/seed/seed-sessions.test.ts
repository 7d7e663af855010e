import { beforeAll, describe, expect, it } from 'vitest'
import { createMockBackend, type MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { createManualClock } from '../lib/clock'
import { decodeCursor } from '../lib/cursor'
import { deriveSessionViews } from '../lib/session-views'
import { CONTROL_PLANE_TEST_NOW } from '../testing/control-plane-server'
import { validatePublicEvent } from '../testing/session-harness'
import { AGENT, ENV, NS, SESSION } from './fixture-ids'
import { seed } from './index'
import { MORE_SESSIONS } from './seed-sessions'

/** Null when the event satisfies our envelope and (when UPSTREAM_SPEC_DIR has it) the upstream schema of its type. */
function schemaErrors(event: unknown): string | null {
  return validatePublicEvent(event)
}

async function seededBackend(largeSessionEvents?: number): Promise<MockBackend> {
  const backend = createMockBackend({ clock: createManualClock(CONTROL_PLANE_TEST_NOW) })
  await seed(backend, largeSessionEvents === undefined ? {} : { largeSessionEvents })
  return backend
}

function session(backend: MockBackend, id: string): SessionRecord {
  const record = backend.db.sessions.get(id)
  if (!record) throw new Error(`session ${id} not seeded`)
  return record
}

describe('seeded sessions', () => {
  let backend: MockBackend
  beforeAll(async () => {
    backend = await seededBackend()
  })

  it('seeds at least twelve sessions in the team namespace and one in research', () => {
    const records = [...backend.db.sessions.values()]
    expect(records.filter((record) => record.namespace === NS.team).length).toBeGreaterThanOrEqual(12)
    expect(records.filter((record) => record.namespace === NS.research)).toHaveLength(1)
  })

  it('validates every seeded event against the upstream public event schema', () => {
    let count = 0
    for (const record of backend.db.sessions.values()) {
      for (const event of record.events) {
        count += 1
        const errors = schemaErrors(event)
        if (errors) throw new Error(`${event.type} ${event.id}: ${errors}`)
      }
    }
    expect(count).toBeGreaterThan(5000)
  })

  it('keeps each log contiguous, ordered in time, and lastActivityAt on its newest event', () => {
    for (const record of backend.db.sessions.values()) {
      const first = record.nextSeq - record.events.length
      record.events.forEach((event, index) => {
        expect(event.session_id).toBe(record.session.id)
        expect(decodeCursor(event.cursor)).toEqual({ sessionId: record.session.id, seq: first + index })
        if (index > 0)
          expect(event.created_at).toBeGreaterThanOrEqual(record.events[index - 1]?.created_at ?? 0)
      })
      expect(record.session.lastActivityAt).toBe(record.events.at(-1)?.created_at)
      expect(record.events.at(-1)?.created_at).toBeLessThanOrEqual(CONTROL_PLANE_TEST_NOW)
      expect(new Set(record.events.map((event) => event.id)).size).toBe(record.events.length)
    }
  })

  it('freezes the agent definition version and inherits the agent’s mounts', () => {
    for (const record of backend.db.sessions.values()) {
      const agent = backend.db.agents.get(record.session.agentId)
      expect(record.session.agentVersion).toBe(agent?.definition.version)
      expect(record.session.memoryStoreIds).toEqual(agent?.definition.defaultMemoryStoreIds ?? [])
      expect(record.session.vaultIds).toEqual(agent?.definition.defaultVaultIds ?? [])
    }
  })

  it('explains every environment choice', () => {
    const sources = [...backend.db.sessions.values()].map((record) => record.session.environmentSource)
    expect(new Set(sources)).toEqual(new Set(['agent_default', 'explicit', 'changed']))
    expect(session(backend, SESSION.buildDone).session).toMatchObject({
      environmentId: ENV.buildWorkers,
      environmentSource: 'agent_default',
    })
    expect(session(backend, SESSION.labQueued).session).toMatchObject({
      environmentId: ENV.labBox,
      environmentSource: 'explicit',
    })
    const changed = session(backend, MORE_SESSIONS.environmentChanged).session
    expect(changed).toMatchObject({ environmentId: ENV.e2bDefault, environmentSource: 'changed' })
    expect(typeof changed.environmentChangedAt).toBe('number')
  })

  it('leaves buildActive suspended on a write_file that its active work item serves', () => {
    const record = session(backend, SESSION.buildActive)
    expect(record.turns.at(-1)?.status).toBe('requires_action')
    expect(record.pendingTools).toEqual([expect.objectContaining({ name: 'write_file', state: 'pending' })])
    const requested = record.events.find(
      (event) => event.type === 'tool.requested' && event.data.tool_call_id === record.pendingTools[0]?.id,
    )
    expect(requested?.data.name).toBe('write_file')
    const work = [...backend.db.workItems.values()].find(
      (item) => item.sessionId === SESSION.buildActive && item.status === 'active',
    )
    expect(work?.environmentId).toBe(record.session.environmentId)
    expect(record.session.status).toBe('requires_action')
  })

  it('seeds the waiting, failed, archived and compacted cases', () => {
    const lab = session(backend, SESSION.labQueued)
    expect(lab.turns.at(-1)?.status).toBe('requires_action')
    expect(lab.pendingTools).toHaveLength(1)

    const approval = session(backend, SESSION.needsApproval)
    const created = approval.events.filter((event) => event.type === 'required_action.created')
    expect(created.at(-1)?.data).toMatchObject({ kind: 'confirmation', pending: true })
    expect(approval.turns.at(-1)?.status).toBe('requires_action')

    const failed = session(backend, MORE_SESSIONS.failedTurn)
    expect(failed.turns.at(-1)).toMatchObject({ status: 'failed', errorCode: 'model_call_failed' })
    expect(
      failed.events.some((event) => event.type === 'tool.completed' && event.data.status === 'failed'),
    ).toBe(true)
    // Upstream SessionTurnRunner (@c2d43f8) logs a failed model call twice, then the seed's
    // interrupted turn once, always as the typed detail of the session with no turn id.
    const errorsOf = (record: SessionRecord) =>
      record.events.filter((event) => event.type === 'session.error').map((event) => event.data)
    const typed = (sessionId: string, code: string, message: string) => ({
      error: { type: 'api_error', code, message, session_id: sessionId, retry_status: 'not_retrying' },
    })
    const reason = 'The model provider returned 503 three times in a row.'
    expect(errorsOf(failed)).toEqual([
      typed(MORE_SESSIONS.failedTurn, 'model_call_failed', reason),
      typed(MORE_SESSIONS.failedTurn, 'turn_failed', reason),
    ])
    expect(errorsOf(session(backend, MORE_SESSIONS.interrupted))).toEqual([
      typed(MORE_SESSIONS.interrupted, 'interrupted', 'worker_lease_expired'),
    ])
    // …and leaves the session terminated with the last error as its stop reason.
    expect(failed.session).toMatchObject({
      status: 'terminated',
      stopReason: typed(MORE_SESSIONS.failedTurn, 'turn_failed', reason),
    })

    const archived = [...backend.db.sessions.values()].filter((record) => record.session.archivedAt)
    expect(archived).toHaveLength(2)

    const compacted = session(backend, MORE_SESSIONS.compacted)
    expect(compacted.retainedFromSeq).toBeGreaterThan(1)
    expect(compacted.retainedFromSeq).toBe(compacted.nextSeq - compacted.events.length)
    expect(compacted.events[0]?.type).toBe('turn.accepted')
  })

  it('puts the large session on e2b-python with the default 5,000 events and nothing compacted', () => {
    const large = session(backend, SESSION.largeHistory)
    expect(large.session.agentId).toBe(AGENT.dataAnalyst)
    expect(large.session.environmentId).toBe(ENV.e2bPython)
    expect(large.events.length).toBeGreaterThanOrEqual(5000)
    expect(large.retainedFromSeq).toBe(0)
    expect(
      large.events.some(
        (event) => event.type === 'tool.delta' && JSON.stringify(event.data).includes('\\u001b['),
      ),
    ).toBe(true)
  })

  it('keeps turns[] in step with the log', () => {
    for (const record of backend.db.sessions.values()) {
      const views = deriveSessionViews(record)
      for (const view of views.turns) {
        expect(record.turns.find((turn) => turn.id === view.id)?.status).toBe(view.data.status)
      }
    }
  })
})

describe('session history generation', () => {
  it('is deterministic for the same seed and clock', async () => {
    const [a, b] = await Promise.all([seededBackend(400), seededBackend(400)])
    const eventsOf = (backend: MockBackend) =>
      [...backend.db.sessions.values()].flatMap((record) => record.events)
    expect(eventsOf(a)).toEqual(eventsOf(b))
  })

  it('follows the upstream order for a worker tool call', async () => {
    const backend = await seededBackend(400)
    const types = session(backend, SESSION.buildDone).events.map((event) => event.type)
    const turn = types.slice(types.indexOf('turn.accepted'), types.indexOf('turn.completed') + 1)
    expect(turn.slice(0, 2)).toEqual(['turn.accepted', 'turn.queued'])
    const requested = turn.indexOf('tool.requested')
    expect(turn.slice(requested, requested + 5)).toEqual([
      'tool.requested',
      'tool.dispatched',
      'turn.requires_action',
      'run.ended',
      'session.status_requires_action',
    ])
    const completed = turn.indexOf('tool.completed')
    expect(turn.slice(completed, completed + 3)).toEqual(['tool.completed', 'turn.queued', 'run.started'])
    expect(turn.slice(-3)).toEqual(['usage.recorded', 'run.ended', 'turn.completed'])
  })

  it('honours a larger large-session size', async () => {
    const backend = await seededBackend(12_000)
    expect(session(backend, SESSION.largeHistory).events.length).toBeGreaterThanOrEqual(12_000)
  })
})
