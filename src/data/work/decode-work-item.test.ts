import { describe, expect, it } from 'vitest'
import { decodeWorkItem, decodeWorkItemList } from './decode-work-item'

const item = {
  id: 'work_1',
  sessionId: 'ses_1',
  environmentId: 'env_1',
  ownerId: 'u',
  status: 'active',
  claimedBy: 'worker-a',
  workDir: '/hands/ses_1',
  createdAt: 100,
  updatedAt: 200,
  metadata: { files: [] },
}

describe('decodeWorkItem', () => {
  it('keeps the fields the console reads', () => {
    expect(decodeWorkItemList([{ ...item, workId: 'work_1', leaseId: 'work_1' }])).toEqual([item])
  })

  it('takes the id from workId or leaseId when id is missing, and reads absent claims and metadata as none', () => {
    const { id: _id, claimedBy: _c, workDir: _w, metadata: _m, ...rest } = item
    expect(decodeWorkItem({ ...rest, workId: 'work_2', status: 'queued' })).toEqual({
      ...rest,
      id: 'work_2',
      status: 'queued',
      claimedBy: null,
      workDir: null,
      metadata: {},
    })
  })

  it('refuses a status outside the five, which presence and stall diagnosis branch on', () => {
    expect(() => decodeWorkItem({ ...item, status: 'paused' })).toThrow(/status/)
    expect(() => decodeWorkItemList({ items: [item] })).toThrow()
  })
})
