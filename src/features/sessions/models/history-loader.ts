import { CursorRecoveryError, MAX_CURSOR_RECOVERIES } from './cursor-recovery'
import type { EventStore, PublicEvent } from './event-store'

export type HistoryPage = { events: PublicEvent[]; hasMore: boolean }

export type HistoryDeps = {
  store: EventStore
  fetchPage: (after: string | null, signal: AbortSignal) => Promise<HistoryPage>
  /** Fetches the snapshot again (the server's state at its head), dropping the cached one. */
  refetchSnapshot: (signal: AbortSignal) => Promise<void>
  isCursorRefused: (error: unknown) => boolean
  maxCursorRecoveries?: number
  /** Told after each page is applied, so the screen can show rows while the rest loads. */
  onPage?: () => void
}

async function readPages(deps: HistoryDeps, signal: AbortSignal) {
  for (;;) {
    const page = await deps.fetchPage(deps.store.cursor, signal)
    deps.store.applyPage(page.events)
    deps.onPage?.()
    if (!page.hasMore || page.events.length === 0 || signal.aborted) return
  }
}

/**
 * Reloads from the snapshot: the cached snapshot is fetched again, the log is emptied and read
 * from the oldest retained event up to the head, so whatever the refused cursor would have
 * skipped is on screen. Returns the head's cursor, where the live stream resumes.
 */
export async function reloadFromSnapshot(deps: HistoryDeps, signal: AbortSignal): Promise<string | null> {
  await deps.refetchSnapshot(signal)
  deps.store.reset([], null)
  await loadHistory(deps, signal)
  return deps.store.cursor
}

/**
 * Pages the session's log from the store's cursor to the head. A page the server refuses for its
 * cursor (410, 409, 400) is not asked for again: the snapshot is reloaded and the log read from
 * the start, at most `maxCursorRecoveries` times before a CursorRecoveryError says it gave up.
 */
export async function loadHistory(deps: HistoryDeps, signal: AbortSignal): Promise<void> {
  const maxRecoveries = deps.maxCursorRecoveries ?? MAX_CURSOR_RECOVERIES
  for (let recoveries = 0; ; recoveries += 1) {
    try {
      await readPages(deps, signal)
      return
    } catch (error) {
      if (signal.aborted || !deps.isCursorRefused(error) || deps.store.cursor === null) throw error
      if (recoveries >= maxRecoveries) throw new CursorRecoveryError(error, recoveries)
      await deps.refetchSnapshot(signal)
      deps.store.reset([], null)
    }
  }
}
