import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { EventDetail } from './event-detail'
import { EventTimeline } from './event-timeline'
import { EventToolbar } from './event-toolbar'
import { selectSize, useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { useTimeline } from '../hooks/use-timeline'
import { eventFilterParams, isFilterActive, parseEventFilter } from '../models/event-filter'
import type { EventStore } from '../models/event-store'
import { maskSecrets } from '../models/mask-secrets'
import { useLiveFollowStore } from '../stores/live-follow-store'
import { Notice } from '@/components/ui/notice'
import { LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { downloadText } from '@/lib/download'
import { formatExactTime } from '@/lib/format-time'
import { acceptsSingleKeyShortcut } from '@/lib/single-key-shortcuts'

/** Rows wanted below a permalinked event before scrolling to it, so it can sit mid-view. */
const NEIGHBOUR_ROWS = 30

/** The events view: filters and selection in the URL, j/k to move, a permalink per event. */
export function EventsTab({ sessionId, log }: { sessionId: string; log: SessionEventLog }) {
  const { t } = useT('sessions')
  const [params, setParams] = useSearchParams()
  const filterParams = eventFilterParams(params)
  const filter = useMemo(() => parseEventFilter(new URLSearchParams(filterParams)), [filterParams])
  const selectedId = params.get('event')
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set())
  const { builder, rowCount } = useTimeline(log.store, filter, collapsed)
  const size = useEventLog(log.store, selectSize)
  const selected = useEventLog(
    log.store,
    useCallback(
      (store: EventStore) => (selectedId === null ? undefined : store.at(store.indexOf(selectedId))),
      [selectedId],
    ),
  )
  const isFollowing = useLiveFollowStore((state) => state.isFollowing)
  const setFollowing = useLiveFollowStore((state) => state.setFollowing)
  const [scroll, setScroll] = useState<{ row: number | null; request: number }>({ row: null, request: 0 })
  // What j/k chose, said politely when focus is elsewhere (in the timeline its row is focused).
  const [moved, setMoved] = useState('')

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key)
            else next.set(key, value)
          }
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  const select = useCallback(
    (eventId: string) => {
      setFollowing(false)
      update({ event: eventId })
    },
    [setFollowing, update],
  )
  const toggle = useCallback(
    (groupKey: string) =>
      setCollapsed((current) => {
        const next = new Set(current)
        if (next.has(groupKey)) next.delete(groupKey)
        else next.add(groupKey)
        return next
      }),
    [],
  )

  // A permalink opens on its event, not on the newest one; without one, follow the stream.
  // (Runs before the timeline mounts: it only appears once rows exist.)
  const hasInitialSelection = useRef(selectedId !== null)
  useEffect(() => setFollowing(!hasInitialSelection.current), [setFollowing])

  // Bring the selected event into view once it has a row: after a reload that is when its page
  // of history arrives, so a permalink reopens on the event with its neighbours around it.
  const selectedRow = selectedId === null ? null : (builder.rowOfEvent.get(selectedId) ?? null)
  const shownFor = useRef<string | null>(null)
  // While history loads, wait until rows exist after it too, or the view cannot centre on it.
  const isLoading = log.phase === 'snapshot' || log.phase === 'history'
  const hasNeighbours = selectedRow !== null && (!isLoading || rowCount - selectedRow > NEIGHBOUR_ROWS)
  useEffect(() => {
    if (selectedId === null || selectedRow === null || !hasNeighbours || shownFor.current === selectedId)
      return
    shownFor.current = selectedId
    setFollowing(false)
    setScroll((current) => ({ row: selectedRow, request: current.request + 1 }))
  }, [selectedId, selectedRow, hasNeighbours, setFollowing])

  // Where j/k continue from: updated at once on each move, so key repeat outpaces no render.
  const cursorRow = useRef<number | null>(selectedRow)
  // Rows j/k asked for that the address has not reached yet: a render of an earlier move in a
  // quick burst must not pull the cursor back (the selection lives in the URL, updated in a
  // transition).
  const movesInFlight = useRef<number[]>([])
  useEffect(() => {
    const moves = movesInFlight.current
    const at = selectedRow === null ? -1 : moves.indexOf(selectedRow)
    if (at >= 0 && at < moves.length - 1) {
      moves.splice(0, at + 1)
      return
    }
    movesInFlight.current = []
    cursorRow.current = selectedRow
  }, [selectedRow])
  const moveBy = useCallback(
    (step: 1 | -1) => {
      const rows = builder.rows
      let index = cursorRow.current ?? (step === 1 ? -1 : rows.length)
      for (index += step; index >= 0 && index < rows.length; index += step) {
        const row = rows[index]
        if (row?.kind === 'event') {
          cursorRow.current = index
          movesInFlight.current.push(index)
          select(row.key)
          const event = log.store.at(row.index)
          const isInTimeline = document.activeElement?.closest('[data-timeline]') != null
          if (event && !isInTimeline)
            setMoved(
              t('sessions.events.selected', { type: event.type, time: formatExactTime(event.created_at) }),
            )
          return
        }
      }
    },
    [builder, select, log.store, t],
  )
  const nextError = useCallback(() => {
    const current = selectedRow ?? -1
    const target = builder.errorRows.find((row) => row > current) ?? builder.errorRows[0]
    const row = target === undefined ? undefined : builder.rows[target]
    if (row) select(row.key)
  }, [builder, selectedRow, select])

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      // Not while typing or behind a dialog, and not once the user turned single keys off.
      if (!acceptsSingleKeyShortcut(event)) return
      if (event.key === 'j') moveBy(1)
      else if (event.key === 'k') moveBy(-1)
      else return
      event.preventDefault()
    }
    document.addEventListener('keydown', handleKey)
    return () => document.removeEventListener('keydown', handleKey)
  }, [moveBy])

  const handleDownload = () => {
    const lines = log.store.all().map((event) => JSON.stringify(maskSecrets(event).value))
    downloadText(`${sessionId}-events.ndjson`, `${lines.join('\n')}\n`, 'application/x-ndjson')
  }

  return (
    <div className="flex flex-col gap-3">
      <EventToolbar
        filter={filter}
        types={[...builder.types].sort()}
        errorCount={builder.errorRows.length}
        onChange={update}
        onNextError={nextError}
        onDownload={handleDownload}
      />
      <p id="timeline-keys" className="text-xs text-muted-foreground">
        {log.phase === 'history'
          ? t('sessions.events.keysHintLoading', { count: size })
          : isFilterActive(filter)
            ? t('sessions.events.matchHint', { matched: builder.matchCount, count: size })
            : t('sessions.events.keysHint', { count: size })}
        {selected ? null : ` ${t('sessions.events.selectHint')}`}
      </p>
      <p role="status" className="sr-only" data-testid="event-selection-announcer">
        {moved}
      </p>
      {selectedId && !selected && log.phase !== 'history' && log.phase !== 'snapshot' ? (
        <Notice tone="warning" role="status">
          {t('sessions.events.notInLog', { event: selectedId })}
        </Notice>
      ) : null}
      {selected && selectedRow === null ? (
        <Notice tone="info" role="status">
          {t('sessions.events.hidden')}
        </Notice>
      ) : null}
      {/* The detail column exists only for a selected event: empty, it would take two fifths of the page. */}
      <div className={cn('grid gap-4', selected && 'xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]')}>
        {rowCount === 0 && (log.phase === 'snapshot' || log.phase === 'history') ? (
          <LoadingState label={t('sessions.events.loading')} />
        ) : rowCount === 0 ? (
          <Notice>
            {isFilterActive(filter) ? t('sessions.events.noMatch') : t('sessions.events.empty')}
          </Notice>
        ) : (
          <EventTimeline
            store={log.store}
            builder={builder}
            rowCount={rowCount}
            selectedId={selectedId}
            scrollToRow={scroll.row}
            scrollRequest={scroll.request}
            collapsed={collapsed}
            isFollowing={isFollowing}
            onStopFollowing={() => setFollowing(false)}
            onSelect={select}
            onToggle={toggle}
          />
        )}
        {selected ? <EventDetail event={selected} /> : null}
      </div>
    </div>
  )
}
