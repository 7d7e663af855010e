import { useCallback, useState } from 'react'
import { useEventLog } from './use-event-log'
import type { EventStore } from '../models/event-store'
import { TranscriptBuilder } from '../models/transcript-builder'

/**
 * The transcript of the session's log. One builder lives as long as the view; each new version of
 * the log only folds the events that arrived (or rebuilds, when the log was replaced), and the
 * returned revision moves when any block changed.
 */
export function useTranscript(store: EventStore) {
  const [builder] = useState(() => new TranscriptBuilder())
  const revision = useEventLog(
    store,
    useCallback((log: EventStore) => builder.sync(log.all()), [builder]),
  )
  return { builder, revision, rowCount: builder.rows.length }
}
