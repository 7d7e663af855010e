import { afterEach, describe, expect, it } from 'vitest'
import type { SessionRecord } from '../db/types'
import { appendEvent } from '../lib/event-log'
import { SESSION } from '../seed/fixture-ids'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { startSessionBackend, type SessionHarness } from '../testing/session-harness'

/**
 * Upstream (agentscope-ai/agentscope-java @ b589d28e, agentscope-service/service-dataplane):
 * web/api/AgentSessionCheckpointsController.java `export` (produces application/x-ndjson, sets
 * Content-Disposition, reads `events.highWatermark` once, then `events.page(…, 256)` filtered by
 * AgentSessionView::isPublic and mapped by AgentSessionView::envelope, each line JSON + "\n").
 * Each test names the behaviour it copies.
 */

let harness: SessionHarness
afterEach(() => {
  harness.server.close()
  expect(harness.contractFailures).toEqual([])
})

const exportPath = (id: string) => `/api/v1/agent-sessions/${id}/export`

function record(id: string): SessionRecord {
  const found = harness.backend.db.sessions.get(id)
  if (!found) throw new Error(`no session ${id}`)
  return found
}

const linesOf = (text: string) => text.split('\n').slice(0, -1)

describe('GET …/export (AgentSessionCheckpointsController.export)', () => {
  it('answers application/x-ndjson as an attachment named session-events.jsonl', async () => {
    harness = await startSessionBackend()
    const response = await harness.call(exportPath(SESSION.buildDone))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/x-ndjson')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="session-events.jsonl"')
  })

  it('writes every public envelope in log order, one JSON object and a newline per line', async () => {
    harness = await startSessionBackend()
    const text = await (await harness.call(exportPath(SESSION.buildDone))).text()
    expect(text.endsWith('\n')).toBe(true)
    const lines = linesOf(text)
    const log = record(SESSION.buildDone).events
    expect(lines).toHaveLength(log.length)
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(log)
    // The envelope as AgentSessionView.envelope builds it: nothing but the seven public fields.
    for (const line of lines) {
      expect(Object.keys(JSON.parse(line) as object).sort()).toEqual(
        ['created_at', 'cursor', 'data', 'id', 'schema_version', 'session_id', 'type'].sort(),
      )
    }
  })

  it('pages through a large log (pages of 256) with no gap and no duplicate', async () => {
    harness = await startSessionBackend({ largeSessionEvents: 5000 })
    const lines = linesOf(await (await harness.call(exportPath(SESSION.largeHistory))).text())
    const ids = lines.map((line) => (JSON.parse(line) as { id: string }).id)
    expect(ids).toEqual(record(SESSION.largeHistory).events.map((event) => event.id))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('stops at the high watermark taken at request time: events appended during the export are left out', async () => {
    harness = await startSessionBackend({ largeSessionEvents: 5000 })
    const target = record(SESSION.largeHistory)
    const head = target.events.length
    const response = await harness.call(exportPath(SESSION.largeHistory))
    appendEvent(target, 'session.status_idle', {}, Date.now())
    const lines = linesOf(await response.text())
    expect(lines).toHaveLength(head)
    expect((JSON.parse(lines.at(-1) ?? '{}') as { id: string }).id).toBe(target.events[head - 1]?.id)
  })

  it('has no paging parameters: after and limit are ignored and the whole log is written', async () => {
    harness = await startSessionBackend()
    const whole = await (await harness.call(exportPath(SESSION.buildDone))).text()
    const asked = await (await harness.call(`${exportPath(SESSION.buildDone)}?limit=1&after=x`)).text()
    expect(asked).toBe(whole)
  })

  it('writes an empty body for a session whose log is empty', async () => {
    harness = await startSessionBackend()
    const target = record(MORE_SESSIONS.fresh)
    target.events.length = 0
    target.nextSeq = 1
    const response = await harness.call(exportPath(MORE_SESSIONS.fresh))
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it("answers 404 for another user's session (sessions.get before anything is written)", async () => {
    harness = await startSessionBackend()
    const response = await harness.call(exportPath(SESSION.buildDone), { as: 'bob' })
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Disposition')).toBeNull()
    expect((await harness.call(exportPath('sess_doesnotexist'))).status).toBe(404)
  })

  it('answers 404 on the 2026-08 release, which has no Agent Session API', async () => {
    harness = await startSessionBackend({ options: { apiVariant: 'release' } })
    expect((await harness.call(exportPath(SESSION.buildDone))).status).toBe(404)
  })
})
