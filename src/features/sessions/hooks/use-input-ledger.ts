import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { inputEntriesOf } from '@/data/sessions/decode-inputs'
import { inputsQuery } from '@/data/sessions/inputs'
import { useEventLog } from './use-event-log'
import { mergeInputLedger } from '../models/input-ledger'
import type { EventStore } from '../models/event-store'

const selectInputEvents = (store: EventStore) =>
  store
    .all()
    .filter((event) => event.type.startsWith('input.'))
    .flatMap(inputEntriesOf)

/**
 * The session's inputs, live: GET inputs once, then every `input.*` event the session's log
 * receives folded over it, so a steer turns from accepted to applied without a refetch.
 */
export function useInputLedger(sessionId: string, store: EventStore) {
  const query = useQuery(inputsQuery(sessionId))
  const live = useEventLog(store, selectInputEvents)
  const entries = useMemo(() => mergeInputLedger(query.data?.items ?? [], live), [query.data, live])
  return { query, entries, isOffered: query.data?.isOffered !== false }
}
