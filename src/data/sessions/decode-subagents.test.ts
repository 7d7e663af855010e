import { describe, expect, it } from 'vitest'
import { childSessionOf, decodeChildTurns, decodeSubagentList, decodeTreeUsage } from './decode-subagents'

describe('decodeSubagentList', () => {
  it('reads each child from its newest subagent.* envelope and drops entries without a child id', () => {
    const list = decodeSubagentList({
      as_of: 'c_9',
      data: [
        {
          type: 'subagent.completed',
          created_at: 9,
          data: {
            childSessionId: 'sess_a',
            taskId: 'review',
            status: 'completed',
            turn_id: 't1',
            run_id: 'r1',
          },
        },
        { type: 'subagent.started', created_at: 5, data: { childSessionId: 'sess_b' } },
        { type: 'subagent.started', data: { taskId: 'nobody' } },
      ],
    })
    expect(list).toEqual({
      asOf: 'c_9',
      children: [
        { childId: 'sess_a', taskId: 'review', status: 'completed', turnId: 't1', runId: 'r1', updatedAt: 9 },
        { childId: 'sess_b', taskId: null, status: 'running', turnId: null, runId: null, updatedAt: 5 },
      ],
    })
  })

  it('refuses an answer without a watermark', () => {
    expect(() => decodeSubagentList({ data: [] })).toThrow()
  })
})

describe('decodeChildTurns', () => {
  it('turns the child’s turn envelopes into turns of the child, skipping statuses it does not know', () => {
    const turns = decodeChildTurns(
      {
        as_of: 'c_3',
        data: [
          {
            type: 'turn.updated',
            created_at: 3,
            data: { turn_id: 't1', status: 'completed', accepted_at: 1 },
          },
          { type: 'turn.updated', created_at: 4, data: { turn_id: 't2', status: 'paused_somehow' } },
        ],
      },
      'sess_child',
    )
    expect(turns).toEqual([
      { id: 't1', sessionId: 'sess_child', status: 'completed', createdAt: 1, errorCode: null },
    ])
  })
})

describe('decodeTreeUsage', () => {
  it('keeps the tree’s sums and one watermark per session', () => {
    const tree = decodeTreeUsage({
      as_of: 'c_root',
      data: {
        scope: 'session_tree',
        model_calls: 4,
        totals: { total_tokens: 1200 },
        session_watermarks: { sess_root: 'c_root', sess_a: 'c_a', sess_bad: 7 },
      },
    })
    expect(tree.usage.scope).toBe('session_tree')
    expect(tree.usage.totals.total_tokens).toBe(1200)
    expect(tree.watermarks).toEqual({ sess_root: 'c_root', sess_a: 'c_a' })
    expect(tree.asOf).toBe('c_root')
  })
})

describe('childSessionOf', () => {
  it('names a child by its task, so no view asks the session routes for its first message', () => {
    const session = childSessionOf('sess_a', {
      childId: 'sess_a',
      taskId: 'review',
      status: 'running',
      turnId: null,
      runId: null,
      updatedAt: 7,
    })
    expect(session).toMatchObject({ id: 'sess_a', status: 'running', title: 'review', updatedAt: 7 })
    expect(session.environmentId).toBeUndefined()
  })
})
