import { expect } from 'vitest'
import type { components } from '@/api/schema.gen'
import type { MockOptions } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { decodeCursor } from '../lib/cursor'
import { deriveSessionViews } from '../lib/session-views'
import type { TestEngineOptions } from '../node'
import {
  startSessionBackend,
  validatePublicEvent,
  type SessionCall,
  type SessionHarness,
} from './session-harness'

type Schemas = components['schemas']
export type Turn = Schemas['Turn']
export type PublicEvent = Schemas['PublicEvent']

/**
 * The session harness with the execution engine on a manual scheduler, plus the checks every
 * engine test makes: events valid against the upstream schema, cursors strictly increasing, and
 * the snapshot agreeing with the log and with the turn list.
 */
export type EngineHarness = SessionHarness & {
  record: (sessionId: string) => SessionRecord
  createSession: (body: Record<string, unknown>, as?: SessionCall['as']) => Promise<string>
  submit: (sessionId: string, message: string, as?: SessionCall['as']) => Promise<Turn>
  post: (path: string, body?: unknown, key?: string) => Promise<Response>
  /** Moves mock time on (default one minute), running everything that falls due. */
  run: (ms?: number) => Promise<void>
  /** Event types of one turn, in log order. */
  turnTypes: (sessionId: string, turnId: string) => string[]
  turnEvents: (sessionId: string, turnId: string) => PublicEvent[]
  turn: (sessionId: string, turnId: string) => Turn
  /** Schema, cursor order and snapshot agreement for the session's whole log. */
  checkLog: (sessionId: string) => Promise<void>
}

export async function startEngine(
  engine: TestEngineOptions = {},
  options: Partial<MockOptions> = {},
): Promise<EngineHarness> {
  const harness = await startSessionBackend({ engine, options })
  let keys = 0
  const record = (sessionId: string) => {
    const found = harness.backend.db.sessions.get(sessionId)
    if (!found) throw new Error(`no session ${sessionId}`)
    return found
  }
  const post = (path: string, body?: unknown, key?: string) =>
    harness.call(path, { method: 'POST', body, headers: key === undefined ? {} : { 'Idempotency-Key': key } })
  const turnEvents = (sessionId: string, turnId: string) =>
    record(sessionId).events.filter((event) => event.data.turn_id === turnId)

  return {
    ...harness,
    record,
    post,
    createSession: async (body, as = 'alice') => {
      keys += 1
      const response = await harness.call('/api/v1/agent-sessions', {
        method: 'POST',
        as,
        body,
        headers: { 'Idempotency-Key': `session-${keys}` },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { id: string }).id
    },
    submit: async (sessionId, message, as = 'alice') => {
      keys += 1
      const response = await harness.call(`/api/v1/agent-sessions/${sessionId}/turns`, {
        method: 'POST',
        as,
        body: { message },
        headers: { 'Idempotency-Key': `turn-${keys}` },
      })
      expect(response.status).toBe(202)
      return (await response.json()) as Turn
    },
    run: (ms = 60_000) => harness.scheduler.advance(ms),
    turnTypes: (sessionId, turnId) => turnEvents(sessionId, turnId).map((event) => event.type),
    turnEvents,
    turn: (sessionId, turnId) => {
      const found = record(sessionId).turns.find((candidate) => candidate.id === turnId)
      if (!found) throw new Error(`no turn ${turnId}`)
      return found
    },
    checkLog: async (sessionId) => {
      const log = record(sessionId)
      const problems = log.events.flatMap((event) => {
        const error = validatePublicEvent(event)
        return error ? [`${event.type}: ${error}`] : []
      })
      expect(problems.slice(0, 3)).toEqual([])
      const seqs = log.events.map((event) => decodeCursor(event.cursor)?.seq ?? -1)
      expect(seqs.every((seq, index) => index === 0 || seq > (seqs[index - 1] ?? Infinity))).toBe(true)
      const views = deriveSessionViews(log)
      expect(views.asOf).toBe(log.events.at(-1)?.cursor)
      for (const turn of log.turns) {
        expect(views.turns.find((view) => view.id === turn.id)?.data.status, turn.id).toBe(turn.status)
      }
      // And over HTTP, as a client sees it: the snapshot's turns agree with the turn list.
      const snapshot = (await (
        await harness.call(`/api/v1/agent-sessions/${sessionId}/snapshot`)
      ).json()) as {
        as_of: string
        turns: { id: string; data: { status?: unknown } }[]
      }
      const turns = (await (await harness.call(`/api/v1/agent-sessions/${sessionId}/turns`)).json()) as Turn[]
      expect(snapshot.as_of).toBe(log.events.at(-1)?.cursor)
      expect(Object.fromEntries(snapshot.turns.map((view) => [view.id, view.data.status]))).toEqual(
        Object.fromEntries(turns.map((turn) => [turn.id, turn.status])),
      )
    },
  }
}

/**
 * Ends a test's engine (the fake timers' engine, then its server), failing the test if any answer
 * it served broke the contract. Every engine test's `afterEach`.
 */
export function stopEngine(h: EngineHarness): void {
  h.engine?.uninstall()
  h.server.close()
  expect(h.contractFailures).toEqual([])
}

/** `expected` appears in `types` in this order (other events may sit in between). */
export function expectInOrder(types: readonly string[], expected: readonly string[]): void {
  let from = 0
  for (const type of expected) {
    const index = types.indexOf(type, from)
    expect(index, `${type} after position ${from} in ${types.join(' ')}`).toBeGreaterThanOrEqual(0)
    from = index + 1
  }
}
