import { describe, expect, it } from 'vitest'
import type { PublicEvent } from '@/data/sessions/types'
import { isSettledSubagent, subagentsInLog } from './subagent-lanes'

const event = (type: string, data: Record<string, unknown>, at: number): PublicEvent => ({
  schema_version: 1,
  id: `evt_${at}`,
  type,
  session_id: 'sess_parent',
  created_at: at,
  cursor: `c_${at}`,
  data,
})

describe('subagentsInLog', () => {
  it('lists each child once, in start order, with its newest status and the task it was started with', () => {
    const children = subagentsInLog([
      event(
        'subagent.started',
        { childSessionId: 'sess_a', taskId: 'review', status: 'running', turn_id: 't1' },
        1,
      ),
      event('turn.running', { turn_id: 't1' }, 2),
      event(
        'subagent.started',
        { childSessionId: 'sess_b', taskId: 'audit', status: 'running', turn_id: 't1' },
        3,
      ),
      event('subagent.completed', { childSessionId: 'sess_a', status: 'completed' }, 4),
      event('subagent.started', { taskId: 'no child id' }, 5),
    ])
    expect(children).toEqual([
      { childId: 'sess_a', taskId: 'review', status: 'completed', turnId: 't1', startedAt: 1, updatedAt: 4 },
      { childId: 'sess_b', taskId: 'audit', status: 'running', turnId: 't1', startedAt: 3, updatedAt: 3 },
    ])
  })

  it('takes a completed event without a status as completed', () => {
    const [child] = subagentsInLog([event('subagent.completed', { childSessionId: 'sess_a' }, 1)])
    expect(child?.status).toBe('completed')
  })
})

describe('isSettledSubagent', () => {
  it('settles finished children and keeps running or waiting ones live', () => {
    expect(['completed', 'FAILED', 'cancelled'].every(isSettledSubagent)).toBe(true)
    expect(['running', 'requires_action', 'queued'].some(isSettledSubagent)).toBe(false)
  })
})
