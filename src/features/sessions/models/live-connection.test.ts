import { describe, expect, it } from 'vitest'
import { EventStore, type PublicEvent } from './event-store'
import { LiveConnection, type LiveStatus } from './live-connection'

function makeEvents(count: number): PublicEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    schema_version: 1 as const,
    id: `evt_${i + 1}`,
    type: 'item.delta',
    session_id: 's1',
    created_at: i,
    cursor: `c${i + 1}`,
    data: {},
  }))
}

class CursorExpired extends Error {}

function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

/** A fake server: replays after a cursor, drops the stream at random points, can expire cursors. */
function fakeServer(
  events: PublicEvent[],
  options: { drops: number; random: () => number; expiredBefore?: number },
) {
  let dropsLeft = options.drops
  let opened = 0
  const requestedAfter: (string | null)[] = []
  async function* openStream(after: string | null, signal: AbortSignal, onOpen: () => void) {
    opened += 1
    requestedAfter.push(after)
    const start = after === null ? 0 : events.findIndex((event) => event.cursor === after) + 1
    if (options.expiredBefore !== undefined && after !== null && start < options.expiredBefore) {
      throw new CursorExpired('410')
    }
    onOpen()
    // Each replay re-sends one event the client already has, as real servers may around a cursor.
    const from = Math.max(0, start - 1)
    for (let i = from; i < events.length; i += 1) {
      if (signal.aborted) return
      if (dropsLeft > 0 && options.random() < 0.002) {
        dropsLeft -= 1
        throw new Error('connection reset')
      }
      yield events[i]!
      await Promise.resolve()
    }
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
  }
  return { openStream, opened: () => opened, requestedAfter, dropsLeft: () => dropsLeft }
}

const immediateFrames = (flush: () => void) => queueMicrotask(flush)

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
}

describe('LiveConnection', () => {
  it('survives 20 drops at random points with every event applied exactly once, in order', async () => {
    const events = makeEvents(10_000)
    const random = seeded(7)
    const server = fakeServer(events, { drops: 20, random })
    const store = new EventStore(immediateFrames)
    const connection = new LiveConnection({
      store,
      openStream: server.openStream,
      reloadSnapshot: () => Promise.resolve(null),
      isCursorExpired: (error) => error instanceof CursorExpired,
      sleep: () => Promise.resolve(),
      random,
    })
    connection.start(null)
    await waitFor(() => store.size === events.length && server.dropsLeft() === 0)
    connection.close()
    expect(store.all().map((event) => event.id)).toEqual(events.map((event) => event.id))
    expect(connection.reconnects).toBe(20)
    // Every reconnect resumed from the last applied event, never from the start.
    expect(server.requestedAfter.slice(1).every((after) => after !== null)).toBe(true)
    expect(store.duplicates).toBeGreaterThanOrEqual(20)
  })

  it('reloads the snapshot when the cursor expired and continues from its as_of', async () => {
    const events = makeEvents(50)
    const server = fakeServer(events, { drops: 0, random: () => 1, expiredBefore: 30 })
    const store = new EventStore(immediateFrames)
    store.applyPage(events.slice(0, 10))
    const statuses: LiveStatus[] = []
    const connection = new LiveConnection({
      store,
      openStream: server.openStream,
      reloadSnapshot: () => Promise.resolve('c40'),
      isCursorExpired: (error) => error instanceof CursorExpired,
      sleep: () => Promise.resolve(),
      onStatus: (status) => statuses.push(status),
    })
    connection.start(store.cursor)
    await waitFor(() => store.has('evt_50'))
    connection.close()
    expect(connection.snapshotReloads).toBe(1)
    expect(server.requestedAfter).toEqual(['c10', 'c40'])
    expect(statuses).toContain('live')
  })

  it('backs off when streams are accepted and cut before delivering anything', async () => {
    const store = new EventStore(immediateFrames)
    const delays: number[] = []
    let opened = 0
    const connection = new LiveConnection({
      store,
      // eslint-disable-next-line require-yield
      openStream: async function* (_after, _signal, onOpen) {
        opened += 1
        onOpen()
        await Promise.resolve()
        throw new Error('cut')
      },
      reloadSnapshot: () => Promise.resolve(null),
      isCursorExpired: () => false,
      sleep: (ms) => {
        delays.push(ms)
        return new Promise((resolve) => setTimeout(resolve, 0))
      },
      random: () => 1,
    })
    connection.start(null)
    await waitFor(() => opened >= 5)
    connection.close()
    expect(delays.slice(0, 4)).toEqual([500, 1000, 2000, 4000])
  })

  it('pause stops reading and a later start resumes after the last applied event', async () => {
    const events = makeEvents(5)
    const server = fakeServer(events, { drops: 0, random: () => 1 })
    const store = new EventStore(immediateFrames)
    const connection = new LiveConnection({
      store,
      openStream: server.openStream,
      reloadSnapshot: () => Promise.resolve(null),
      isCursorExpired: () => false,
      sleep: () => Promise.resolve(),
    })
    connection.start(null)
    await waitFor(() => store.size === 5)
    connection.pause()
    expect(connection.status).toBe('paused')
    connection.start(store.cursor)
    await waitFor(() => server.opened() === 2)
    expect(server.requestedAfter[1]).toBe('c5')
    connection.close()
  })
})
