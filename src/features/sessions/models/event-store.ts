import type { PublicEvent } from '@/data/sessions/types'

export type { PublicEvent }

type Listener = () => void

/** Schedules one flush per frame in the browser; tests pass a manual scheduler. */
export type FrameScheduler = (flush: () => void) => void

export const animationFrameScheduler: FrameScheduler = (flush) => {
  requestAnimationFrame(() => flush())
}

/**
 * The session's event log as the inspector sees it. Events arrive from the snapshot, from pages and
 * from the live stream, possibly twice (a reconnect replays from the last cursor); each is applied
 * once, in arrival order, and the cursor only moves past an event once it has been applied, so a
 * reconnect resumes exactly after the last event on screen.
 *
 * It is mutable on purpose: a 100,000-event session must not be copied on every live batch.
 * Screens read it through `useEventLog(store, selector)`, which re-runs the selector when
 * `version` moves; live events are buffered and applied once per animation frame, so 300 events
 * a second cost at most one render per frame.
 */
export class EventStore {
  private readonly events: PublicEvent[] = []
  private readonly ids = new Set<string>()
  private readonly positions = new Map<string, number>()
  private readonly listeners = new Set<Listener>()
  private pending: PublicEvent[] = []
  private isFlushScheduled = false
  private cursorValue: string | null = null
  private versionValue = 0
  private liveArrivalsValue = 0
  private generationValue = 0

  constructor(private readonly scheduleFrame: FrameScheduler = animationFrameScheduler) {}

  get version(): number {
    return this.versionValue
  }

  get cursor(): string | null {
    return this.cursorValue
  }

  get size(): number {
    return this.events.length
  }

  /** Bumped when the log is replaced (snapshot reload); views built on the old log start over. */
  get generation(): number {
    return this.generationValue
  }

  /** Events applied from the live stream (not from history pages), for the screen-reader announcer. */
  get liveArrivals(): number {
    return this.liveArrivalsValue
  }

  at(index: number): PublicEvent | undefined {
    return this.events[index]
  }

  all(): readonly PublicEvent[] {
    return this.events
  }

  has(id: string): boolean {
    return this.ids.has(id)
  }

  indexOf(id: string): number {
    return this.positions.get(id) ?? -1
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Replaces everything (snapshot reload after an expired cursor). */
  reset(events: readonly PublicEvent[], cursor: string | null) {
    this.events.length = 0
    this.ids.clear()
    this.positions.clear()
    this.pending = []
    this.generationValue += 1
    this.cursorValue = cursor
    this.applyNow(events)
    if (cursor !== null) this.cursorValue = cursor
    this.bump()
  }

  /** Applies a page of history at once (initial load, paging); returns how many were new. */
  applyPage(events: readonly PublicEvent[]): number {
    const added = this.applyNow(events)
    if (added > 0) this.bump()
    return added
  }

  /** Buffers a live event; it is applied with the others on the next frame. */
  enqueue(event: PublicEvent) {
    this.pending.push(event)
    if (this.isFlushScheduled) return
    this.isFlushScheduled = true
    this.scheduleFrame(() => this.flush())
  }

  /** Applies buffered live events now (also used before reading the cursor for a reconnect). */
  flush() {
    this.isFlushScheduled = false
    if (this.pending.length === 0) return
    const batch = this.pending
    this.pending = []
    const added = this.applyNow(batch)
    if (added === 0) return
    this.liveArrivalsValue += added
    this.bump()
  }

  private applyNow(events: readonly PublicEvent[]): number {
    let added = 0
    for (const event of events) {
      // A replay after a reconnect repeats events around the cursor: each is applied once.
      if (this.ids.has(event.id)) continue
      this.ids.add(event.id)
      this.positions.set(event.id, this.events.length)
      this.events.push(event)
      // The cursor advances only after the event is in the log.
      this.cursorValue = event.cursor
      added += 1
    }
    return added
  }

  private bump() {
    this.versionValue += 1
    for (const listener of this.listeners) listener()
  }
}
