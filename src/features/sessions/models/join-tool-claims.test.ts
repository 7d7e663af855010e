import { describe, expect, it } from 'vitest'
import type { WorkItem } from '@/data/work/types'
import { joinToolClaim } from './join-tool-claims'
import { buildToolRecords } from './tool-records'
import { selfHostedCall } from '@/testing/session-events'

const item = (overrides: Partial<WorkItem>): WorkItem => ({
  id: 'work_1',
  sessionId: 's1',
  environmentId: 'env_1',
  ownerId: 'u',
  status: 'stopped',
  claimedBy: 'worker-b',
  workDir: '/work/hands/s1',
  createdAt: 1030,
  updatedAt: 6000,
  metadata: {},
  ...overrides,
})

describe('joinToolClaim', () => {
  const [record] = buildToolRecords(selfHostedCall('t1', 'toolu_1', 1000))
  if (!record) throw new Error('fixture')

  it('names the worker and spells out requested → suspended → queued → claimed → result → resumed', () => {
    const claim = joinToolClaim(record, {
      sessionId: 's1',
      isSelfHosted: true,
      workItems: [
        item({ id: 'work_old', createdAt: 10, claimedBy: 'worker-a' }),
        item({ metadata: { claimedAt: 3000 } }),
        item({ id: 'work_other_session', sessionId: 's2', createdAt: 1040, claimedBy: 'worker-z' }),
        item({ id: 'work_later', createdAt: 9000, claimedBy: 'worker-c' }),
      ],
      turnStartedAt: new Map([['t1', 900]]),
    })
    expect(claim.workerId).toBe('worker-b')
    expect(claim.workItem?.id).toBe('work_1')
    expect(claim.steps.map((step) => [step.kind, step.at])).toEqual([
      ['requested', 1000],
      ['suspended', 1020],
      ['queued', 1030],
      ['claimed', 3000],
      ['result', 5100],
      ['resumed', 5200],
    ])
  })

  it('without a claim time says "by" the result, and shows a lapsed lease', () => {
    const claim = joinToolClaim(record, {
      sessionId: 's1',
      isSelfHosted: true,
      workItems: [item({ metadata: { reclaimedFrom: 'worker-a', reclaimedAt: 2000 } })],
    })
    const claimed = claim.steps.find((step) => step.kind === 'claimed')
    expect(claimed).toMatchObject({ at: null, notAfter: 5100 })
    expect(claim.steps.find((step) => step.kind === 'reclaimed')?.label).toMatch(/worker-a/)
  })

  it('a waiting call on a queue nobody claimed says so', () => {
    const [waiting] = buildToolRecords(selfHostedCall('t1', 'toolu_1', 1000).slice(0, 4))
    if (!waiting) throw new Error('fixture')
    const claim = joinToolClaim(waiting, {
      sessionId: 's1',
      isSelfHosted: true,
      workItems: [item({ status: 'queued', claimedBy: null, workDir: null })],
    })
    expect(claim.workerId).toBeNull()
    expect(claim.steps.at(-1)?.kind).toBe('waiting')
  })

  it('backend environments have no claim', () => {
    const claim = joinToolClaim(record, { sessionId: 's1', isSelfHosted: false, workItems: [item({})] })
    expect(claim.workItem).toBeNull()
    expect(claim.steps.map((step) => step.kind)).toEqual(['requested', 'result'])
  })
})
