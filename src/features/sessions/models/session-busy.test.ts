import { describe, expect, it } from 'vitest'
import type { Turn, TurnStatus } from '@/data/sessions/types'
import type { WorkItem, WorkItemStatus } from '@/data/work/types'
import { openTurns, sessionBusyReason } from './session-busy'

const turn = (status: TurnStatus): Turn => ({
  id: 't1',
  sessionId: 's1',
  status,
  createdAt: 0,
})
const item = (status: WorkItemStatus, sessionId = 's1'): WorkItem => ({
  id: 'w1',
  sessionId,
  environmentId: 'e',
  ownerId: 'u',
  status,
  claimedBy: 'worker-b',
  workDir: null,
  createdAt: 0,
  updatedAt: 0,
  metadata: {},
})

describe('sessionBusyReason', () => {
  it('is busy while a turn is open or the session’s work is held', () => {
    expect(sessionBusyReason('s1', [turn('requires_action')], [])).toMatch(/requires action/)
    expect(sessionBusyReason('s1', [turn('completed')], [item('active')])).toMatch(/worker-b/)
  })

  it('is free when turns are done and work stopped (or belongs to another session)', () => {
    expect(sessionBusyReason('s1', [turn('completed')], [item('stopped'), item('active', 's2')])).toBeNull()
  })
})

describe('openTurns', () => {
  it('lists queued, running, suspended and cancelling turns, oldest first', () => {
    const turns = [
      { ...turn('running'), id: 't2', createdAt: 2 },
      { ...turn('completed'), id: 't0', createdAt: 0 },
      { ...turn('queued'), id: 't1', createdAt: 1 },
      { ...turn('cancel_requested'), id: 't3', createdAt: 3 },
      { ...turn('failed'), id: 't4', createdAt: 4 },
    ]
    expect(openTurns(turns).map((open) => open.id)).toEqual(['t1', 't2', 't3'])
  })
})
