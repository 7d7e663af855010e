import { afterEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { ENV, AGENT } from '../seed/fixture-ids'
import { startEngine, stopEngine, type EngineHarness } from '../testing/engine-harness'
import { readJson } from '../testing/session-harness'

type View = { data: components['schemas']['ResourceEnvelope'][]; as_of: string }

/*
 * A delegating turn, as upstream's dataplane shows one (web/managed/AgentSessionView.java apply,
 * web/api/AgentSessionChildrenController.java, web/managed/SessionNativeLogService.java
 * descendants, at b589d28e): the parent logs `subagent.started` and `subagent.completed` naming
 * each child, the children's logs grow on their own, read through the parent with child cursors.
 */
let h: EngineHarness
afterEach(() => stopEngine(h))

describe('a turn that delegates', () => {
  it('logs subagent.* in the parent while each child’s own log grows live, a grandchild under the second child', async () => {
    h = await startEngine({ virtualWorkers: [] })
    const sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })
    const turn = await h.submit(sessionId, 'Delegate this to sub-agents, please.')
    await h.run(2_000)
    const S = `/api/v1/agent-sessions/${sessionId}`
    const early = await readJson<View>(await h.call(`${S}/subagents`))
    expect(early.data.map((entry) => [entry.type, entry.data.taskId, entry.data.status])).toEqual([
      ['subagent.started', 'research', 'running'],
    ])
    const research = String(early.data[0]?.data.childSessionId)
    // While it runs, the child's log grows between two reads through the child route.
    const first = await readJson<components['schemas']['EventPage']>(
      await h.call(`${S}/subagents/${research}/events?limit=1000`),
    )
    await h.run(500)
    const more = await readJson<components['schemas']['EventPage']>(
      await h.call(`${S}/subagents/${research}/events?after=${first.next_cursor}`),
    )
    expect(more.data.length).toBeGreaterThan(0)
    expect(more.data.every((event) => event.session_id === research)).toBe(true)

    await h.run(120_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    const done = await readJson<View>(await h.call(`${S}/subagents`))
    expect(done.data.map((entry) => [entry.type, entry.data.taskId, entry.data.status])).toEqual([
      ['subagent.completed', 'research', 'completed'],
      ['subagent.completed', 'review', 'completed'],
    ])
    const review = String(done.data[1]?.data.childSessionId)
    const nested = await readJson<View>(await h.call(`${S}/subagents/${review}/subagents`))
    expect(nested.data.map((entry) => [entry.data.taskId, entry.data.status])).toEqual([
      ['fact-check', 'completed'],
    ])
    const grandchild = String(nested.data[0]?.data.childSessionId)
    // Two levels down, through the root; each child's turn completed in its own log.
    for (const child of [research, review, grandchild]) {
      const turns = await readJson<View>(await h.call(`${S}/subagents/${child}/turns`))
      expect(turns.data.map((view) => view.data.status)).toEqual(['completed'])
    }
    // One budget ledger for the tree (SessionBudgetService keys it by the root): every child,
    // the grandchild too, reserves its model calls in the root session's.
    for (const child of [research, review, grandchild])
      expect(h.backend.db.subagentSessions.get(child)?.budgetRootId).toBe(sessionId)
    // The parent's types in order: started, completed, started, completed, then its closing text.
    const types = h.turnTypes(sessionId, turn.id).filter((type) => type.startsWith('subagent.'))
    expect(types).toEqual([
      'subagent.started',
      'subagent.completed',
      'subagent.started',
      'subagent.completed',
    ])
    await h.checkLog(sessionId)
  })
})
