import { describe, expect, it } from 'vitest'
import { createEmptyDb } from '../db/types'
import {
  claimForPoll,
  enqueueWorkItem,
  metadataFromResources,
  recordWorkerPoll,
  toWorkItem,
} from './work-queue'

const STALE = 60_000

function queueOf(...ids: string[]) {
  const db = createEmptyDb()
  ids.forEach((id, index) =>
    enqueueWorkItem(db, {
      id,
      sessionId: `sess_${id}`,
      environmentId: 'env_a',
      ownerId: 'usr_x',
      now: 1_000 + index,
    }),
  )
  return db
}

const poll = (db: ReturnType<typeof createEmptyDb>, workerId: string, now: number) =>
  claimForPoll(db, { environmentId: 'env_a', workerId, now, staleMs: STALE })

describe('work queue', () => {
  it('claims the oldest queued item of the environment only', () => {
    const db = queueOf('w1', 'w2')
    enqueueWorkItem(db, { id: 'other', sessionId: 's', environmentId: 'env_b', ownerId: 'u', now: 0 })
    expect(poll(db, 'worker-1', 5_000)).toMatchObject({
      id: 'w1',
      status: 'starting',
      claimedBy: 'worker-1',
      updatedAt: 5_000,
    })
    expect(poll(db, 'worker-2', 5_000)?.id).toBe('w2')
    expect(poll(db, 'worker-3', 5_000)).toBeNull()
  })

  it('takes a claim over only after 60 s without an update, straight to starting with no trace of the holder', () => {
    const db = queueOf('w1')
    const item = poll(db, 'dead', 0)
    if (!item) throw new Error('nothing claimed')
    item.status = 'active'
    expect(poll(db, 'other', STALE)).toBeNull()
    expect(db.workItems.get('w1')).toMatchObject({ status: 'active', claimedBy: 'dead' })
    const taken = poll(db, 'other', STALE + 1)
    expect(taken).toEqual({
      id: 'w1',
      sessionId: 'sess_w1',
      environmentId: 'env_a',
      ownerId: 'usr_x',
      status: 'starting',
      claimedBy: 'other',
      workDir: null,
      createdAt: 1_000,
      updatedAt: STALE + 1,
    })
  })

  it('never takes over stopped items, however old', () => {
    const db = queueOf('w1')
    const item = db.workItems.get('w1')
    if (!item) throw new Error('seeded item missing')
    Object.assign(item, { status: 'stopped', claimedBy: 'old', updatedAt: 0 })
    expect(poll(db, 'new', 10 * STALE)).toBeNull()
  })

  it('answers with workId and leaseId, and metadata only where given (the poll)', () => {
    const db = queueOf('w1')
    const record = db.workItems.get('w1')
    if (!record) throw new Error('seeded item missing')
    expect(toWorkItem(record)).toMatchObject({ id: 'w1', workId: 'w1', leaseId: 'w1', metadata: {} })
    expect(toWorkItem(record, { files: ['a'] }).metadata).toEqual({ files: ['a'] })
  })

  it('records a poll, and only a poll, as the worker being seen', () => {
    const db = queueOf()
    recordWorkerPoll(db, { workerId: 'w', environmentId: 'env_a', now: 42 })
    expect(db.workerHeartbeats.get('w')).toBe(42)
    expect(db.workerEnvironments.get('w')).toEqual({ environmentId: 'env_a', lastSeenAt: 42 })
  })

  it('derives staging metadata from session resources like the upstream stager', () => {
    expect(metadataFromResources([])).toEqual({})
    expect(metadataFromResources(undefined)).toEqual({})
    const resources = [
      { type: 'file', url: 'https://files.example/data.csv' },
      { path: '/srv/inputs/notes.md', input_file: '/srv/inputs/notes.md' },
      { type: 'git', uri: 'https://git.example/repo.git' },
    ]
    expect(metadataFromResources(resources)).toEqual({
      resources,
      files: ['https://files.example/data.csv', '/srv/inputs/notes.md'],
      input_file: '/srv/inputs/notes.md',
    })
  })
})
