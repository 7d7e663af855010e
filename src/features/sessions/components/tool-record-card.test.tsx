import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ToolRecordCard } from './tool-record-card'
import { selfHostedCall } from '@/testing/session-events'
import { joinToolClaim } from '../models/join-tool-claims'
import { buildToolRecords } from '../models/tool-records'
import type { WorkItem } from '@/data/work/types'
import { setLocale } from '@/i18n'

const workItem: WorkItem = {
  id: 'work_1',
  sessionId: 's1',
  environmentId: 'env_1',
  ownerId: 'u',
  status: 'stopped',
  claimedBy: 'worker-b',
  workDir: '/work/hands/s1',
  createdAt: 1030,
  updatedAt: 6000,
  metadata: { claimedAt: 3000 },
}

function renderCard() {
  const [record] = buildToolRecords(selfHostedCall('t1', 'toolu_1', 1000))
  if (!record) throw new Error('fixture')
  // The claim's step labels are built in the active language, as the tools tab does on render.
  const claim = joinToolClaim(record, {
    sessionId: 's1',
    isSelfHosted: true,
    workItems: [workItem],
    turnStartedAt: new Map([['t1', 900]]),
  })
  return render(
    <MemoryRouter>
      <ToolRecordCard record={record} claim={claim} environmentLabel="build-workers (Self-hosted)" />
    </MemoryRouter>,
  )
}

describe('ToolRecordCard', () => {
  it('shows where a call ran and which worker claimed it', () => {
    renderCard()
    const card = screen.getByRole('article', { name: 'Tool call write_file toolu_1' })
    expect(within(card).getByText('Claimed by worker worker-b')).toBeInTheDocument()
    expect(within(card).getByText('Content written to environment-check.txt')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Show in events' })).toBeInTheDocument()
  })

  it('speaks Simplified Chinese, down to the claim timeline and status words', async () => {
    await setLocale('zh-CN')
    try {
      renderCard()
      const card = screen.getByRole('article', { name: '工具调用 write_file toolu_1' })
      expect(within(card).getByRole('link', { name: '在事件中查看' })).toBeInTheDocument()
      expect(within(card).getByText('工作进程')).toBeInTheDocument()
      expect(within(card).getByText('已完成')).toBeInTheDocument()
      expect(within(card).getByText('写入 environment-check.txt 的内容')).toBeInTheDocument()
      expect(within(card).getByRole('list', { name: '认领时间线' })).toHaveTextContent(
        /轮次已挂起（等待工作进程）.*工作 work_1 已排队.*已被工作进程 worker-b 认领.*结果已提交.*轮次已恢复/,
      )
    } finally {
      await setLocale('en')
    }
  })

  it('a later turn served by session names the worker and the earlier item it ran on, not "not claimed yet"', () => {
    const [record] = buildToolRecords(selfHostedCall('t2', 'toolu_2', 100_000))
    if (!record) throw new Error('fixture')
    const own = {
      ...workItem,
      id: 'work_2',
      claimedBy: null,
      workDir: null,
      createdAt: 100_030,
      metadata: {},
    }
    const claim = joinToolClaim(record, {
      sessionId: 's1',
      isSelfHosted: true,
      workItems: [{ ...workItem, updatedAt: 110_000 }, own],
      turnStartedAt: new Map([['t2', 99_900]]),
    })
    render(
      <MemoryRouter>
        <ToolRecordCard record={record} claim={claim} environmentLabel="build-workers (Self-hosted)" />
      </MemoryRouter>,
    )
    const card = screen.getByRole('article', { name: 'Tool call write_file toolu_2' })
    expect(within(card).queryByText('not claimed yet')).not.toBeInTheDocument()
    expect(within(card).getByText('on its earlier work item work_1 (served by session)')).toBeInTheDocument()
    expect(within(card).getByRole('list', { name: 'Claim timeline' })).toHaveTextContent(
      'Ran by worker worker-b, on its earlier work item work_1 (served by session)',
    )
  })
})
