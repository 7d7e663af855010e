import { describe, expect, it } from 'vitest'
import { isCursorRecoveryError } from './cursor-recovery'
import { EventStore, type PublicEvent } from './event-store'
import { LiveConnection, type LiveStatus, type LiveStatusDetail } from './live-connection'

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

/** The server refusing a cursor: 410 (docs), 409 ahead of the head, 400 malformed (upstream code). */
class CursorRefused extends Error {
  constructor(readonly status: 410 | 409 | 400) {
    super(`cursor refused (${status})`)
  }
}
const isRefused = (error: unknown) => error instanceof CursorRefused

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
  options: { drops: number; random: () => number; refuseBefore?: number; refusal?: 410 | 409 | 400 },
) {
  let dropsLeft = options.drops
  let opened = 0
  let sent = 0
  const requestedAfter: (string | null)[] = []
  async function* openStream(after: string | null, signal: AbortSignal, onOpen: () => void) {
    opened += 1
    requestedAfter.push(after)
    const start = after === null ? 0 : events.findIndex((event) => event.cursor === after) + 1
    if (options.refuseBefore !== undefined && after !== null && start < options.refuseBefore) {
      throw new CursorRefused(options.refusal ?? 410)
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
      sent += 1
      yield events[i]!
      await Promise.resolve()
    }
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
  }
  return { openStream, opened: () => opened, sent: () => sent, requestedAfter, dropsLeft: () => dropsLeft }
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
      isCursorRefused: isRefused,
      sleep: () => Promise.resolve(),
      random,
    })
    connection.start(null)
    await waitFor(() => store.size === events.length && server.dropsLeft() === 0)
    connection.close()
    expect(store.all().map((event) => event.id)).toEqual(events.map((event) => event.id))
    // One stream per drop plus the one that stayed open.
    expect(server.opened()).toBe(21)
    // Every reconnect resumed from the last applied event, never from the start.
    expect(server.requestedAfter.slice(1).every((after) => after !== null)).toBe(true)
    // Each replay re-sent an event the store already had; none of them was applied twice.
    expect(server.sent() - store.size).toBeGreaterThanOrEqual(20)
  })

  it.each([410, 409, 400] as const)(
    'reloads the snapshot when the server refuses the cursor (%i) and resumes from its head',
    async (status) => {
      const events = makeEvents(50)
      const server = fakeServer(events, { drops: 0, random: () => 1, refuseBefore: 30, refusal: status })
      const store = new EventStore(immediateFrames)
      store.applyPage(events.slice(0, 10))
      const statuses: LiveStatus[] = []
      let reloads = 0
      const connection = new LiveConnection({
        store,
        openStream: server.openStream,
        reloadSnapshot: () => {
          reloads += 1
          return Promise.resolve('c40')
        },
        isCursorRefused: isRefused,
        sleep: () => Promise.resolve(),
        onStatus: (next) => statuses.push(next),
      })
      connection.start(store.cursor)
      await waitFor(() => store.has('evt_50'))
      connection.close()
      expect(reloads).toBe(1)
      // The refused cursor was not asked for again: the next stream started at the snapshot's head.
      expect(server.requestedAfter).toEqual(['c10', 'c40'])
      expect(statuses).toContain('live')
    },
  )

  it('gives up after a bounded number of reloads when the cursor stays refused, and says why', async () => {
    const events = makeEvents(5)
    // Every position is refused: whatever the reload returns, the server says 409.
    const server = fakeServer(events, { drops: 0, random: () => 1, refuseBefore: 99, refusal: 409 })
    const store = new EventStore(immediateFrames)
    store.applyPage(events.slice(0, 2))
    const reloadedTo = ['c3', 'c4', 'c5']
    let reloads = 0
    let last: { status: LiveStatus; detail?: LiveStatusDetail } | null = null
    const connection = new LiveConnection({
      store,
      openStream: server.openStream,
      reloadSnapshot: () => Promise.resolve(reloadedTo[reloads++] ?? null),
      isCursorRefused: isRefused,
      maxCursorRecoveries: 3,
      sleep: () => Promise.resolve(),
      onStatus: (status, detail) => (last = detail ? { status, detail } : { status }),
    })
    connection.start(store.cursor)
    await waitFor(() => connection.status === 'failed')
    // Let anything that would reconnect run: nothing may.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reloads).toBe(3)
    expect(server.requestedAfter).toEqual(['c2', 'c3', 'c4', 'c5'])
    expect(last).toMatchObject({ status: 'failed', detail: { attempt: 3 } })
    const error = (last as { detail?: LiveStatusDetail } | null)?.detail?.error
    expect(isCursorRecoveryError(error) && error.refusal).toBeInstanceOf(CursorRefused)
  })

  it('retries a reload lost on the network without counting it, and resets the bound once events flow', async () => {
    const events = makeEvents(20)
    const server = fakeServer(events, { drops: 0, random: () => 1, refuseBefore: 10, refusal: 410 })
    const store = new EventStore(immediateFrames)
    store.applyPage(events.slice(0, 2))
    let calls = 0
    const connection = new LiveConnection({
      store,
      openStream: server.openStream,
      reloadSnapshot: () => {
        calls += 1
        // Two network failures, then a reload that lands past the refused range.
        return calls <= 2 ? Promise.reject(new Error('offline')) : Promise.resolve('c12')
      },
      isCursorRefused: isRefused,
      maxCursorRecoveries: 1,
      sleep: () => Promise.resolve(),
    })
    connection.start(store.cursor)
    await waitFor(() => store.has('evt_20'))
    connection.close()
    expect(calls).toBe(3)
    expect(server.requestedAfter).toEqual(['c2', 'c12'])
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
      isCursorRefused: () => false,
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
      isCursorRefused: () => false,
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
