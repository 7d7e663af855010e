import { describe, expect, it } from 'vitest'
import type { Environment } from '@/data/environments/types'
import type { Turn } from '@/data/sessions/types'
import type { WorkItem } from '@/data/work/types'
import { diagnoseStall, type StallInput } from './diagnose-stall'

const NOW = 10_000_000
const env = (overrides: Partial<Environment> & Record<string, unknown> = {}): Environment => ({
  id: 'env_1',
  name: 'lab-gpu-box',
  type: 'self_hosted',
  config: {},
  ownerId: 'u',
  createdAt: 0,
  updatedAt: 1000,
  archivedAt: null,
  ...overrides,
})
const turn = (id: string, status: Turn['status'], createdAt: number): Turn => ({
  id,
  sessionId: 's1',
  status,
  createdAt,
})
const work = (overrides: Partial<WorkItem>): WorkItem => ({
  id: 'w1',
  sessionId: 's1',
  environmentId: 'env_1',
  ownerId: 'u',
  status: 'stopped',
  claimedBy: 'worker-lab-1',
  workDir: null,
  createdAt: 100,
  updatedAt: 200,
  metadata: {},
  ...overrides,
})

function input(overrides: Partial<StallInput>): StallInput {
  return {
    now: NOW,
    sessionId: 's1',
    environmentId: 'env_1',
    turns: [turn('t1', 'completed', 1), turn('t2', 'queued', 2)],
    environment: env(),
    workItems: [
      work({}),
      work({ id: 'w2', status: 'queued', claimedBy: null, createdAt: NOW - 25 * 60_000 }),
    ],
    workerHeartbeats: { 'worker-lab-1': NOW - 2 * 3600_000 },
    pendingActions: [],
    errorHints: [],
    ...overrides,
  }
}

const codes = (value: ReturnType<typeof diagnoseStall>) =>
  value?.causes.map((cause) => [cause.code, cause.confidence])

describe('diagnoseStall', () => {
  it('says nothing when no turn waits', () => {
    expect(diagnoseStall(input({ turns: [turn('t1', 'completed', 1)] }))).toBeNull()
  })

  it('names an offline worker on a self-hosted environment, with a link to the worker guide', () => {
    const diagnosis = diagnoseStall(input({}))
    expect(codes(diagnosis)).toEqual([['no_worker_online', 'blocking']])
    expect(diagnosis?.causes[0]?.detail).toMatch(/Work w2 has waited 25 min and no worker took it/)
    expect(diagnosis?.causes[0]?.fix?.href).toBe('/environments/env_1?tab=workers#worker-guide')
    expect(diagnosis?.workers.map((worker) => [worker.workerId, worker.state])).toEqual([
      ['worker-lab-1', 'offline'],
    ])
  })

  it('says no worker is polling within seconds, though the last poll still looks recent', () => {
    // Polled 10 s ago (its heartbeat looks fresh for 45 s), but the work queued 5 s ago is untaken:
    // a polling worker would have taken it at once.
    const diagnosis = diagnoseStall(
      input({
        // worker-lab-1 served this environment before (w1), so it is one of its workers.
        workItems: [work({}), work({ id: 'w2', status: 'queued', claimedBy: null, createdAt: NOW - 5_000 })],
        workerHeartbeats: { 'worker-lab-1': NOW - 10_000 },
        workReadAt: NOW,
      }),
    )
    expect(codes(diagnosis)).toEqual([['no_worker_online', 'blocking']])
    expect(diagnosis?.causes[0]?.detail).toMatch(/no worker is polling this environment now/)
  })

  it('judges the work as it was read, and does not decide while it was only just queued', () => {
    const fresh = work({ id: 'w2', status: 'queued', claimedBy: null, createdAt: NOW - 1_000 })
    const heartbeats = { 'worker-lab-1': NOW - 10_000 }
    // Queued 1 s before it was read: a polling worker may still take it.
    expect(
      codes(
        diagnoseStall(input({ workItems: [work({}), fresh], workerHeartbeats: heartbeats, workReadAt: NOW })),
      ),
    ).toEqual([['unknown', 'possible']])
    // Read 2 s after queueing, looked at 10 s later: still within the grace at the time of reading.
    expect(
      codes(
        diagnoseStall(
          input({
            workItems: [work({}), { ...fresh, createdAt: NOW - 12_000 }],
            workerHeartbeats: heartbeats,
            workReadAt: NOW - 10_000,
          }),
        ),
      ),
    ).toEqual([['unknown', 'possible']])
  })

  it('names the polling workers of other environments when this one’s work stays untaken', () => {
    const diagnosis = diagnoseStall(
      input({
        workItems: [work({ id: 'w2', status: 'queued', claimedBy: null, createdAt: NOW - 30_000 })],
        workerHeartbeats: { 'worker-elsewhere': NOW - 1_000 },
      }),
    )
    expect(codes(diagnosis)).toEqual([['no_worker_online', 'blocking']])
    expect(diagnosis?.causes[0]?.detail).toMatch(/worker-elsewhere is polling, but for other environments/)
  })

  it('is less sure on a new environment while some unlinked worker is online', () => {
    const diagnosis = diagnoseStall(input({ workItems: [], workerHeartbeats: { 'worker-new': NOW - 2000 } }))
    expect(codes(diagnosis)).toEqual([['no_worker_online', 'likely']])
    expect(diagnosis?.causes[0]?.detail).toMatch(/worker-new is online/)
    expect(codes(diagnoseStall(input({ workItems: [], workerHeartbeats: {} })))).toEqual([
      ['no_worker_online', 'blocking'],
    ])
  })

  it('suspects a key rotation that happened after the worker last authenticated', () => {
    const rotated = diagnoseStall(input({ environment: env({ keyRotatedAt: NOW - 3600_000 }) }))
    expect(codes(rotated)).toEqual([
      ['no_worker_online', 'blocking'],
      ['key_rotated', 'likely'],
    ])
    const edited = diagnoseStall(input({ environment: env({ updatedAt: NOW - 60_000 }) }))
    expect(codes(edited)?.[1]).toEqual(['key_rotated', 'possible'])
  })

  it('does not blame a worker busy on a long tool call (no poll for minutes, a fresh claim, C12)', () => {
    const diagnosis = diagnoseStall(
      input({
        turns: [turn('t1', 'requires_action', 1)],
        workItems: [
          work({
            status: 'active',
            claimedBy: 'worker-b',
            workDir: '/work/hands/s1',
            updatedAt: NOW - 10_000,
          }),
        ],
        workerHeartbeats: { 'worker-b': NOW - 5 * 60_000 },
      }),
    )
    expect(codes(diagnosis)).toEqual([['worker_running', 'possible']])
    expect(diagnosis?.causes[0]?.title).toMatch(/worker-b/)
    expect(diagnosis?.workers.map((worker) => [worker.workerId, worker.state])).toEqual([
      ['worker-b', 'busy'],
    ])
  })

  it('says every worker is busy when this session’s work waits behind another session’s', () => {
    const diagnosis = diagnoseStall(
      input({
        workItems: [
          work({
            id: 'w9',
            sessionId: 's9',
            status: 'active',
            claimedBy: 'worker-b',
            updatedAt: NOW - 5_000,
          }),
          work({ id: 'w2', status: 'queued', claimedBy: null, createdAt: NOW - 40_000 }),
        ],
        workerHeartbeats: { 'worker-b': NOW - 3 * 60_000 },
      }),
    )
    expect(codes(diagnosis)).toEqual([['workers_busy', 'likely']])
    expect(diagnosis?.causes[0]?.detail).toMatch(/worker-b is running other work/)
  })

  it('says when the worker holding the work went quiet, and who takes it over (C13)', () => {
    const held = work({ status: 'active', claimedBy: 'worker-b', updatedAt: NOW - 2 * 60_000 })
    const alone = diagnoseStall(
      input({ turns: [turn('t1', 'requires_action', 1)], workItems: [held], workerHeartbeats: {} }),
    )
    expect(codes(alone)).toEqual([['no_worker_online', 'blocking']])
    expect(alone?.causes[0]?.detail).toMatch(/worker-b holds the work but last reported 2 min ago/)
    const withOther = diagnoseStall(
      input({
        turns: [turn('t1', 'requires_action', 1)],
        workItems: [
          held,
          work({ id: 'w0', status: 'stopped', claimedBy: 'worker-a', updatedAt: NOW - 60 * 60_000 }),
        ],
        workerHeartbeats: { 'worker-a': NOW - 2_000 },
      }),
    )
    expect(codes(withOther)).toEqual([['worker_lost', 'likely']])
    expect(withOther?.causes[0]?.detail).toMatch(/The next poll of worker-a takes the work over/)
  })

  it('puts an unanswered required action first and skips worker guesses', () => {
    const diagnosis = diagnoseStall(
      input({
        turns: [turn('t1', 'requires_action', 1)],
        pendingActions: [{ requestId: 'req_1', turnId: 't1', kind: 'confirmation', toolName: 'write_file' }],
      }),
    )
    expect(codes(diagnosis)).toEqual([['pending_action', 'blocking']])
    expect(diagnosis?.causes[0]?.title).toMatch(/write_file/)
  })

  it('blames an earlier unresolved turn and diagnoses that turn', () => {
    const diagnosis = diagnoseStall(
      input({
        turns: [turn('t1', 'requires_action', 1), turn('t2', 'queued', 2)],
        pendingActions: [{ requestId: 'req_1', turnId: 't1', kind: 'confirmation', toolName: null }],
      }),
    )
    expect(diagnosis?.turn.id).toBe('t2')
    expect(diagnosis?.blockingTurn.id).toBe('t1')
    expect(codes(diagnosis)).toEqual([
      ['earlier_turn', 'blocking'],
      ['pending_action', 'blocking'],
    ])
  })

  it('reports archived, missing and absent environments', () => {
    expect(codes(diagnoseStall(input({ environment: env({ archivedAt: 5 }) })))?.[0]).toEqual([
      'environment_archived',
      'blocking',
    ])
    expect(codes(diagnoseStall(input({ environment: 'missing' })))?.[0]?.[0]).toBe('environment_missing')
    expect(codes(diagnoseStall(input({ environmentId: null, environment: null })))?.[0]?.[0]).toBe(
      'no_environment',
    )
  })

  it('points at deployment policy for local and at credentials for a keyless sandbox', () => {
    const local = diagnoseStall(
      input({
        environment: env({ type: 'local' }),
        errorHints: ['local environments are disabled by deployment policy'],
      }),
    )
    expect(codes(local)).toEqual([['local_disabled', 'likely']])
    const sandbox = diagnoseStall(input({ environment: env({ type: 'sandbox', config: {} }) }))
    expect(codes(sandbox)).toEqual([['sandbox_credentials', 'possible']])
    const keyed = diagnoseStall(input({ environment: env({ type: 'sandbox', config: { apiKey: 'x' } }) }))
    expect(codes(keyed)).toEqual([['unknown', 'possible']])
  })
})
