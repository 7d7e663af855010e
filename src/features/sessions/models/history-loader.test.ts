import { describe, expect, it } from 'vitest'
import { isCursorRecoveryError } from './cursor-recovery'
import { EventStore, type PublicEvent } from './event-store'
import { loadHistory, reloadFromSnapshot, type HistoryDeps } from './history-loader'

const makeEvents = (count: number): PublicEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    schema_version: 1 as const,
    id: `evt_${i + 1}`,
    type: 'item.delta',
    session_id: 's1',
    created_at: i,
    cursor: `c${i + 1}`,
    data: {},
  }))

class Refused extends Error {}

/** A paged event log that refuses the cursors in `refused` (as the server answers 409/400/410). */
function pagedServer(events: PublicEvent[], pageSize: number, refused: (after: string) => boolean) {
  const asked: (string | null)[] = []
  let snapshots = 0
  const deps = (store: EventStore, maxCursorRecoveries?: number): HistoryDeps => ({
    store,
    fetchPage: (after) => {
      asked.push(after)
      if (after !== null && refused(after)) return Promise.reject(new Refused())
      const start = after === null ? 0 : events.findIndex((event) => event.cursor === after) + 1
      const page = events.slice(start, start + pageSize)
      return Promise.resolve({ events: page, hasMore: start + pageSize < events.length })
    },
    refetchSnapshot: () => {
      snapshots += 1
      return Promise.resolve()
    },
    isCursorRefused: (error) => error instanceof Refused,
    ...(maxCursorRecoveries === undefined ? {} : { maxCursorRecoveries }),
  })
  return { deps, asked, snapshots: () => snapshots }
}

const signal = new AbortController().signal

describe('loadHistory', () => {
  it('pages from the store’s cursor to the head', async () => {
    const events = makeEvents(25)
    const server = pagedServer(events, 10, () => false)
    const store = new EventStore((flush) => flush())
    store.applyPage(events.slice(0, 5))
    await loadHistory(server.deps(store), signal)
    expect(store.size).toBe(25)
    expect(server.asked).toEqual(['c5', 'c15'])
  })

  it('reloads the snapshot and reads from the start when a page’s cursor is refused', async () => {
    const events = makeEvents(12)
    // The console holds a position the server no longer accepts (compacted, or from before a reset).
    const server = pagedServer(events, 10, (after) => after === 'c_old')
    const store = new EventStore((flush) => flush())
    store.reset([], 'c_old')
    await loadHistory(server.deps(store), signal)
    expect(server.snapshots()).toBe(1)
    expect(server.asked).toEqual(['c_old', null, 'c10'])
    expect(store.all().map((event) => event.id)).toEqual(events.map((event) => event.id))
  })

  it('stops after a bounded number of reloads when the server keeps refusing', async () => {
    const events = makeEvents(30)
    // Every page after the first is refused: the log cannot be read past it.
    const server = pagedServer(events, 10, () => true)
    const store = new EventStore((flush) => flush())
    const failure = await loadHistory(server.deps(store, 2), signal).catch((error: unknown) => error)
    expect(isCursorRecoveryError(failure) && failure.attempts).toBe(2)
    expect(server.snapshots()).toBe(2)
    expect(server.asked).toEqual([null, 'c10', null, 'c10', null, 'c10'])
  })
})

describe('reloadFromSnapshot', () => {
  it('empties the log, reads it again and resolves to the head', async () => {
    const events = makeEvents(15)
    const server = pagedServer(events, 10, () => false)
    const store = new EventStore((flush) => flush())
    store.applyPage(makeEvents(3).map((event) => ({ ...event, id: `stale_${event.id}` })))
    expect(await reloadFromSnapshot(server.deps(store), signal)).toBe('c15')
    expect(server.snapshots()).toBe(1)
    expect(store.all().map((event) => event.id)).toEqual(events.map((event) => event.id))
    expect(store.generation).toBe(1)
  })
})
