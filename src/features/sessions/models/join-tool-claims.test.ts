import { describe, expect, it } from 'vitest'
import type { WorkItem } from '@/data/work/types'
import { joinToolClaim } from './join-tool-claims'
import { buildToolRecords } from './tool-records'
import { setLocale } from '@/i18n'
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

  it('puts the session’s older work item before the call it carries, and says why the turn suspended, in both languages', async () => {
    const context = {
      sessionId: 's1',
      isSelfHosted: true,
      // Queued and claimed for an earlier call of the same session; this call (at 1000) rides on it.
      workItems: [item({ createdAt: 400, metadata: { claimedAt: 450 } })],
      turnStartedAt: new Map([['t1', 900]]),
    }
    const claim = joinToolClaim(record, context)
    expect(claim.steps.map((step) => [step.kind, step.at])).toEqual([
      ['queued', 400],
      ['claimed', 450],
      ['requested', 1000],
      ['suspended', 1020],
      ['result', 5100],
      ['resumed', 5200],
    ])
    const labels = (steps: typeof claim.steps) => steps.map((step) => step.label)
    expect(labels(claim.steps)).toEqual([
      "Work work_1 queued for this session (it carries the session's calls)",
      'Claimed by worker worker-b',
      'write_file requested',
      'Turn suspended (waiting for a worker)',
      'Result posted',
      'Turn resumed',
    ])
    await setLocale('zh-CN')
    try {
      expect(labels(joinToolClaim(record, context).steps)).toEqual([
        '本会话的工作 work_1 已排队（承载本会话的调用）',
        '已被工作进程 worker-b 认领',
        '已请求调用 write_file',
        '轮次已挂起（等待工作进程）',
        '结果已提交',
        '轮次已恢复',
      ])
    } finally {
      await setLocale('en')
    }
  })

  describe('a second turn served by session (its own item never claimed)', () => {
    // Turn 2 began at 99_900; its call was dispatched at 100_010 and its result posted at 104_100.
    const [second] = buildToolRecords(selfHostedCall('t2', 'toolu_2', 100_000))
    if (!second) throw new Error('fixture')
    const own = item({ id: 'work_2', createdAt: 100_030, claimedBy: null, workDir: null, updatedAt: 104_200 })
    const earlier = item({ id: 'work_1', createdAt: 1030, claimedBy: 'worker-a', updatedAt: 110_000 })
    const context = (workItems: WorkItem[]) => ({
      sessionId: 's1',
      isSelfHosted: true,
      workItems,
      turnStartedAt: new Map([['t2', 99_900]]),
    })

    it('names the worker still on its earlier item, and says how, in both languages', async () => {
      const claim = joinToolClaim(second, context([earlier, own]))
      expect(claim.workerId).toBe('worker-a')
      expect(claim.workItem?.id).toBe('work_2')
      expect(claim.servedFrom?.id).toBe('work_1')
      expect(claim.workDir).toBe('/work/hands/s1')
      const served = claim.steps.find((step) => step.kind === 'claimed')
      expect(served).toMatchObject({
        at: null,
        notAfter: 104_100,
        label: 'Ran by worker worker-a, on its earlier work item work_1 (served by session)',
      })
      expect(claim.steps.map((step) => step.kind)).toEqual([
        'requested',
        'suspended',
        'queued',
        'claimed',
        'result',
        'resumed',
      ])
      await setLocale('zh-CN')
      try {
        expect(
          joinToolClaim(second, context([earlier, own])).steps.find((step) => step.kind === 'claimed')?.label,
        ).toBe('由工作进程 worker-a 运行，在它较早的工作 work_1 上（按会话提供）')
      } finally {
        await setLocale('en')
      }
    })

    it('keeps the turn’s own claim when it has one', () => {
      const claim = joinToolClaim(
        second,
        context([earlier, { ...own, claimedBy: 'worker-b', workDir: '/w/b' }]),
      )
      expect(claim.workerId).toBe('worker-b')
      expect(claim.servedFrom).toBeNull()
      expect(claim.steps.find((step) => step.kind === 'claimed')?.label).toBe('Claimed by worker worker-b')
    })

    it('names nobody when the earlier item had gone quiet, was claimed later, or the call has no result; a heartbeat before the dispatch counts', () => {
      // Quiet for more than a minute when the result was posted (104_100).
      const quiet = joinToolClaim(second, context([{ ...earlier, updatedAt: 44_000 }, own]))
      expect(quiet.workerId).toBeNull()
      expect(quiet.servedFrom).toBeNull()
      expect(quiet.steps.some((step) => step.kind === 'claimed')).toBe(false)
      // Its last heartbeat before the dispatch (every 15 s) still counts: fresh when the result came.
      expect(joinToolClaim(second, context([{ ...earlier, updatedAt: 90_000 }, own])).workerId).toBe(
        'worker-a',
      )
      const laterClaim = { ...earlier, metadata: { claimedAt: 105_000 } }
      expect(joinToolClaim(second, context([laterClaim, own])).workerId).toBeNull()
      const [pending] = buildToolRecords(selfHostedCall('t2', 'toolu_2', 100_000).slice(0, 4))
      if (!pending) throw new Error('fixture')
      const waiting = joinToolClaim(pending, context([earlier, { ...own, status: 'queued' }]))
      expect(waiting.workerId).toBeNull()
      expect(waiting.steps.at(-1)?.kind).toBe('waiting')
    })

    it('with two live earlier items, names the newer one', () => {
      const newer = item({ id: 'work_1b', createdAt: 50_000, claimedBy: 'worker-c', updatedAt: 104_000 })
      expect(joinToolClaim(second, context([earlier, newer, own])).servedFrom?.id).toBe('work_1b')
    })
  })
})
