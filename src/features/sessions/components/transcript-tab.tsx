import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { TRANSCRIPT_STRINGS } from './tab-strings'
import { TranscriptList } from './transcript-list'
import { TranscriptScopeContext, type TranscriptScope } from './transcript-rows'
import { useCallPlace } from '../hooks/use-call-place'
import type { ExportContext } from '@/data/sessions/export-manifest'
import type { Session } from '@/data/sessions/types'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { useTranscript } from '../hooks/use-transcript'
import { entryToFocus } from '../models/entry-focus'
import { rowFirstEventId } from '../models/transcript-builder'
import { useSessionTitle } from '@/data/sessions/session-title'
import { maskSecrets } from '../models/mask-secrets'
import { transcriptToMarkdown } from '../models/transcript-markdown'
import { Button } from '@/components/ui/button'
import { ChoiceField } from '@/components/ui/field'
import { Notice } from '@/components/ui/notice'
import { LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
import { downloadText } from '@/lib/download'

/** Blocks wanted below a permalinked entry before scrolling to it, so it can sit mid-view. */
const NEIGHBOUR_ROWS = 12

type TranscriptTabProps = {
  session: Session
  log: SessionEventLog
  canWrite: boolean
  hasDiagnosis: boolean
  /** An opened file: where its calls ran, as its manifest says (no server is asked). */
  fromFile?: ExportContext | null
}

/**
 * The session read as a conversation (the default tab): turn blocks with the user's message, the
 * assistant's answers as Markdown, each tool call as a compact card, required actions to answer,
 * errors and usage. The selected block is in the URL (`?entry=`), so a reload or a shared link
 * reopens on it.
 */
export function TranscriptTab({ session, log, canWrite, hasDiagnosis, fromFile = null }: TranscriptTabProps) {
  const { t } = useT(...TRANSCRIPT_STRINGS)
  const { builder, rowCount } = useTranscript(log.store)
  const [params, setParams] = useSearchParams()
  const selectedKey = params.get('entry')
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [includeSecrets, setIncludeSecrets] = useState(false)
  const title = useSessionTitle(session)
  const [scroll, setScroll] = useState<{ row: number | null; request: number; focus: boolean }>({
    row: null,
    request: 0,
    focus: false,
  })
  const focusKey = entryToFocus(useLocation().state)
  const { environmentId, environmentLabel, isSelfHosted, workItems, isEnvironmentGone } = useCallPlace(
    session.environmentId ?? null,
    fromFile,
  )

  const select = useCallback(
    (key: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.set('tab', 'transcript')
          next.set('entry', key)
          const row = builder.row(key)
          // The same entry in the event log, so switching tabs keeps the place.
          if (row) next.set('event', rowFirstEventId(row))
          return next
        },
        { replace: true },
      ),
    [builder, setParams],
  )
  const toggle = useCallback(
    (key: string) =>
      setExpanded((current) => {
        const next = new Set(current)
        if (next.has(key)) next.delete(key)
        else next.add(key)
        return next
      }),
    [],
  )

  const scope = useMemo<TranscriptScope>(
    () => ({
      sessionId: session.id,
      agentId: session.agentId ?? null,
      environmentId,
      environmentLabel,
      claims: {
        sessionId: session.id,
        isSelfHosted,
        workItems: workItems ?? [],
        turnStartedAt: builder.turnStartedAt,
      },
      isEnvironmentGone,
      canWrite,
      hasDiagnosis,
      eventAt: (index) => log.store.at(index),
      turnOf: (turnId) => builder.turns.get(turnId),
      onSelect: select,
      onToggle: toggle,
    }),
    [
      session.id,
      session.agentId,
      environmentId,
      environmentLabel,
      isSelfHosted,
      isEnvironmentGone,
      workItems,
      builder,
      canWrite,
      hasDiagnosis,
      log.store,
      select,
      toggle,
    ],
  )

  // Bring a permalinked entry into view once it exists (and some blocks after it, while loading).
  const selectedRow = selectedKey === null ? -1 : builder.indexOf(selectedKey)
  const isLoading = log.phase === 'snapshot' || log.phase === 'history'
  const hasNeighbours = selectedRow >= 0 && (!isLoading || rowCount - selectedRow > NEIGHBOUR_ROWS)
  const shownFor = useRef<string | null>(null)
  useEffect(() => {
    if (selectedKey === null || !hasNeighbours || shownFor.current === selectedKey) return
    shownFor.current = selectedKey
    setScroll((current) => ({
      row: selectedRow,
      request: current.request + 1,
      focus: focusKey === selectedKey,
    }))
  }, [selectedKey, selectedRow, hasNeighbours, focusKey])

  const download = (kind: 'markdown' | 'events') => {
    if (kind === 'markdown') {
      const markdown = transcriptToMarkdown(builder.rows, {
        title: title?.text ?? session.id,
        sessionId: session.id,
        reveal: includeSecrets,
        eventAt: (index) => log.store.at(index),
      })
      downloadText(`${session.id}-transcript.md`, markdown, 'text/markdown')
      return
    }
    const events = log.store.all()
    const json = JSON.stringify(includeSecrets ? events : maskSecrets(events).value, null, 2)
    downloadText(`${session.id}-events.json`, `${json}\n`)
  }

  if (rowCount === 0 && isLoading) return <LoadingState label={t('sessions.transcript.loading')} />
  if (rowCount === 0) return <Notice>{t('sessions.transcript.empty')}</Notice>
  return (
    <TranscriptScopeContext value={scope}>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3 text-xs">
          <Button size="sm" onClick={() => download('markdown')}>
            {t('sessions.export.markdown')}
          </Button>
          <Button size="sm" onClick={() => download('events')}>
            {t('sessions.export.events')}
          </Button>
          <ChoiceField label={t('sessions.export.reveal')} hint={t('sessions.export.masked')}>
            {(control) => (
              <input
                {...control}
                type="checkbox"
                checked={includeSecrets}
                onChange={(event) => setIncludeSecrets(event.target.checked)}
              />
            )}
          </ChoiceField>
        </div>
        {selectedKey !== null && selectedRow < 0 && !isLoading ? (
          <Notice tone="warning" role="status">
            {t('sessions.transcript.entryMissing', { entry: selectedKey })}
          </Notice>
        ) : null}
        <TranscriptList
          builder={builder}
          rowCount={rowCount}
          selectedKey={selectedKey}
          expanded={expanded}
          scrollToRow={scroll.row}
          scrollRequest={scroll.request}
          focusRequested={scroll.focus}
        />
      </div>
    </TranscriptScopeContext>
  )
}
