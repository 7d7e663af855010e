import { CursorRecoveryError, isCursorRecoveryError, MAX_CURSOR_RECOVERIES } from './cursor-recovery'
import type { EventStore, PublicEvent } from './event-store'
import { reconnectDelay } from './reconnect-delay'

/** A stream that stayed open this long counts as healthy even if the session was quiet. */
const STABLE_STREAM_MS = 30_000

/** `failed`: the server kept refusing the position even after snapshot reloads; nothing retries. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'paused' | 'closed' | 'failed'

export type LiveStatusDetail = { attempt: number; error?: unknown }

export type LiveConnectionDeps = {
  store: EventStore
  /**
   * Opens the SSE stream after `after` (null = from the start) and yields parsed events; calls
   * `onOpen` once the server accepted the stream (an idle session may send no event for a while).
   */
  openStream: (after: string | null, signal: AbortSignal, onOpen: () => void) => AsyncIterable<PublicEvent>
  /**
   * Reloads the snapshot and the history after the server refused the cursor; returns the
   * position to resume from (the head of what was reloaded).
   */
  reloadSnapshot: (signal: AbortSignal) => Promise<string | null>
  /** Whether an error is the server refusing the cursor (410 expired, 409 ahead, 400 foreign). */
  isCursorRefused: (error: unknown) => boolean
  /** Reloads in a row before giving up (a cursor that works again resets the count). */
  maxCursorRecoveries?: number
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  random?: () => number
  onStatus?: (status: LiveStatus, detail?: LiveStatusDetail) => void
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
 * backoff), and when the server refuses the cursor reloads the snapshot and resumes from its head
 * instead of asking again with the same position. A cursor refused again after
 * `maxCursorRecoveries` reloads ends in `failed`, with the error, so the screen can say what to
 * do rather than reconnect forever. It only reads; events go through the store, which dedupes and
 * batches them per frame.
 */
export class LiveConnection {
  private controller: AbortController | null = null
  private statusValue: LiveStatus = 'closed'

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

  private setStatus(status: LiveStatus, detail?: LiveStatusDetail) {
    this.statusValue = status
    this.deps.onStatus?.(status, detail)
  }

  private fail(error: unknown, recoveries: number) {
    this.controller = null
    this.setStatus('failed', { attempt: recoveries, error: new CursorRecoveryError(error, recoveries) })
  }

  private async run(initialCursor: string | null, signal: AbortSignal) {
    const sleep = this.deps.sleep ?? defaultSleep
    const maxRecoveries = this.deps.maxCursorRecoveries ?? MAX_CURSOR_RECOVERIES
    let attempt = 0
    let recoveries = 0
    // The cursor the server last refused: it is never asked for again; the snapshot is reloaded.
    let refused: unknown = null
    let after = initialCursor
    this.setStatus('connecting', { attempt })
    while (!signal.aborted) {
      if (refused !== null) {
        if (recoveries >= maxRecoveries) return this.fail(refused, recoveries)
        try {
          after = await this.deps.reloadSnapshot(signal)
          refused = null
          recoveries += 1
        } catch (reloadError) {
          if (signal.aborted) return
          // The history under the reload already gave up after its own bounded attempts.
          if (isCursorRecoveryError(reloadError)) {
            this.controller = null
            this.setStatus('failed', { attempt: recoveries, error: reloadError })
            return
          }
          // A reload the server refuses too counts; one lost on the network is only retried.
          if (this.deps.isCursorRefused(reloadError)) {
            refused = reloadError
            recoveries += 1
          }
          this.setStatus('reconnecting', { attempt, error: reloadError })
          await sleep(reconnectDelay(attempt, this.deps.random), signal)
          attempt += 1
          continue
        }
      }
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
            recoveries = 0
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
        if (this.deps.isCursorRefused(error)) {
          refused = error
          continue
        }
        after = this.deps.store.cursor ?? after
        this.setStatus('reconnecting', { attempt, error })
        await sleep(reconnectDelay(attempt, this.deps.random), signal)
        attempt += 1
      }
    }
  }
}
