import { describe, expect, it } from 'vitest'
import { EventStore, type PublicEvent } from './event-store'

function event(n: number, type = 'item.delta'): PublicEvent {
  return {
    schema_version: 1,
    id: `evt_${n}`,
    type,
    session_id: 's1',
    created_at: n,
    cursor: `c${n}`,
    data: {},
  }
}

function manualFrames() {
  const queue: (() => void)[] = []
  return {
    schedule: (flush: () => void) => queue.push(flush),
    runFrame: () => queue.splice(0).forEach((flush) => flush()),
    pendingFrames: () => queue.length,
  }
}

describe('EventStore', () => {
  it('applies each event once, in order, and moves the cursor only past applied events', () => {
    const store = new EventStore(manualFrames().schedule)
    store.applyPage([event(1), event(2), event(3)])
    expect(store.cursor).toBe('c3')
    expect(store.applyPage([event(2), event(3), event(4)])).toBe(1)
    expect(store.all().map((e) => e.id)).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4'])
    expect(store.cursor).toBe('c4')
  })

  it('buffers live events and applies them once per frame with one notification', () => {
    const frames = manualFrames()
    const store = new EventStore(frames.schedule)
    let notifications = 0
    store.subscribe(() => (notifications += 1))
    for (let n = 1; n <= 300; n += 1) store.enqueue(event(n))
    expect(frames.pendingFrames()).toBe(1)
    expect(store.size).toBe(0)
    expect(store.cursor).toBeNull()
    frames.runFrame()
    expect(store.size).toBe(300)
    expect(notifications).toBe(1)
    expect(store.cursor).toBe('c300')
  })

  it('counts live arrivals apart from history pages, and a replayed live event not at all', () => {
    const frames = manualFrames()
    const store = new EventStore(frames.schedule)
    store.applyPage([event(1), event(2)])
    store.enqueue(event(2))
    store.enqueue(event(3))
    frames.runFrame()
    expect(store.liveArrivals).toBe(1)
    expect(store.size).toBe(3)
  })

  it('a flush before reconnecting gives the cursor of the last event on screen', () => {
    const store = new EventStore(manualFrames().schedule)
    store.enqueue(event(1))
    store.enqueue(event(2))
    store.flush()
    expect(store.cursor).toBe('c2')
  })

  it('reset replaces the log (snapshot reload) and keeps the snapshot cursor', () => {
    const store = new EventStore(manualFrames().schedule)
    store.applyPage([event(1), event(2)])
    const before = store.version
    store.reset([event(5)], 'c9')
    expect(store.all().map((e) => e.id)).toEqual(['evt_5'])
    expect(store.cursor).toBe('c9')
    expect(store.version).toBeGreaterThan(before)
    expect(store.has('evt_1')).toBe(false)
    expect(store.generation).toBe(1)
  })

  it('does not notify when a page brings nothing new', () => {
    const store = new EventStore(manualFrames().schedule)
    store.applyPage([event(1)])
    const version = store.version
    expect(store.applyPage([event(1)])).toBe(0)
    expect(store.version).toBe(version)
  })
})
