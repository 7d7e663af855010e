import type { EventStore, PublicEvent } from './event-store'
import { reconnectDelay } from './reconnect-delay'

/** A stream that stayed open this long counts as healthy even if the session was quiet. */
const STABLE_STREAM_MS = 30_000

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'paused' | 'closed'

export type LiveConnectionDeps = {
  store: EventStore
  /**
   * Opens the SSE stream after `after` (null = from the start) and yields parsed events; calls
   * `onOpen` once the server accepted the stream (an idle session may send no event for a while).
   */
  openStream: (after: string | null, signal: AbortSignal, onOpen: () => void) => AsyncIterable<PublicEvent>
  /** Reloads the snapshot after the server said the cursor expired; returns its `as_of`. */
  reloadSnapshot: () => Promise<string | null>
  /** Whether an error means the cursor expired (HTTP 410). */
  isCursorExpired: (error: unknown) => boolean
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  random?: () => number
  onStatus?: (status: LiveStatus, detail?: { attempt: number; error?: unknown }) => void
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/**
 * Keeps a session's live stream attached: resumes from the store's cursor after every drop (with
 * backoff), reloads the snapshot when the cursor expired (410), and never resubmits anything — it
 * only reads. Events go through the store, which dedupes and batches them per frame.
 */
export class LiveConnection {
  private controller: AbortController | null = null
  private statusValue: LiveStatus = 'closed'
  reconnects = 0
  snapshotReloads = 0

  constructor(private readonly deps: LiveConnectionDeps) {}

  get status(): LiveStatus {
    return this.statusValue
  }

  start(initialCursor: string | null) {
    if (this.controller) return
    const controller = new AbortController()
    this.controller = controller
    void this.run(initialCursor, controller.signal)
  }

  /** Stops reading; `start(store.cursor)` later picks up exactly where it stopped. */
  pause() {
    this.stop('paused')
  }

  close() {
    this.stop('closed')
  }

  private stop(status: LiveStatus) {
    this.controller?.abort()
    this.controller = null
    this.deps.store.flush()
    this.setStatus(status)
  }

  private setStatus(status: LiveStatus, detail?: { attempt: number; error?: unknown }) {
    this.statusValue = status
    this.deps.onStatus?.(status, detail)
  }

  private async run(initialCursor: string | null, signal: AbortSignal) {
    const sleep = this.deps.sleep ?? defaultSleep
    let attempt = 0
    let after = initialCursor
    this.setStatus('connecting', { attempt })
    while (!signal.aborted) {
      try {
        let openedAt: number | null = null
        const onOpen = () => {
          openedAt = Date.now()
          this.setStatus('live', { attempt })
        }
        try {
          for await (const event of this.deps.openStream(after, signal, onOpen)) {
            // Only a stream that delivers (or stays up a while) resets the backoff: one that is
            // accepted and cut at once must not turn into a reconnect storm.
            attempt = 0
            this.deps.store.enqueue(event)
          }
        } finally {
          if (openedAt !== null && Date.now() - openedAt > STABLE_STREAM_MS) attempt = 0
        }
        // A clean end of stream is a drop too: the server may have restarted.
        if (signal.aborted) return
        throw new Error('stream ended')
      } catch (error) {
        if (signal.aborted) return
        // Apply what arrived, so the cursor we resume from is the last event actually applied.
        this.deps.store.flush()
        if (this.deps.isCursorExpired(error)) {
          this.snapshotReloads += 1
          try {
            after = await this.deps.reloadSnapshot()
          } catch (reloadError) {
            this.setStatus('reconnecting', { attempt, error: reloadError })
            await sleep(reconnectDelay(attempt, this.deps.random), signal)
            attempt += 1
          }
          continue
        }
        after = this.deps.store.cursor ?? after
        this.reconnects += 1
        this.setStatus('reconnecting', { attempt, error })
        await sleep(reconnectDelay(attempt, this.deps.random), signal)
        attempt += 1
      }
    }
  }
}
