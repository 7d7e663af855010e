import { useCallback, useMemo, useState, type DragEvent } from 'react'
import { useSearchParams } from 'react-router'
import { EventsTab } from './events-tab'
import { ToolsTab } from './tools-tab'
import { TranscriptTab } from './transcript-tab'
import { WaterfallTab } from './waterfall-tab'
import { TRANSCRIPT_STRINGS, WATERFALL_STRINGS } from './tab-strings'
import { selectSize, useEventLog } from '../hooks/use-event-log'
import { useExportFile, type OpenedExport } from '../hooks/use-export-file'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import {
  MAX_DEPTH,
  MAX_LINE_CHARS,
  type ExportReadReport,
  type ManifestCheck,
  type ManifestMismatch,
} from '../models/export-reader'
import { formatFileSize } from '../models/file-size'
import { VisibleText } from '@/components/text/visible-text'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Notice } from '@/components/ui/notice'
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary'
import { TabPanel, Tabs, type TabItem } from '@/components/ui/tabs'
import type { ExportContext } from '@/data/sessions/export-manifest'
import { firstUserMessage } from '@/data/sessions/session-title'
import type { Session } from '@/data/sessions/types'
import { t, useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { formatNumber } from '@/lib/format-number'

/**
 * What a view of the file is given: the session as the file tells it, its log, and where its
 * calls ran as the manifest says (null for a file without one).
 */
type ViewContext = { session: Session; log: SessionEventLog; fromFile: ExportContext | null }

/**
 * The views of a file, in order: the session page's own tabs, over the file's events. Nothing
 * in them writes or follows a stream: there is no server behind a file.
 */
const VIEWS = {
  transcript: {
    label: () => t('sessions.inspector.tabs.transcript'),
    view: ({ session, log, fromFile }: ViewContext) => (
      <TranscriptTab session={session} log={log} canWrite={false} hasDiagnosis={false} fromFile={fromFile} />
    ),
  },
  waterfall: {
    label: () => t('sessions.inspector.tabs.waterfall'),
    view: ({ session, log, fromFile }: ViewContext) => (
      <WaterfallTab session={session} log={log} fromFile={fromFile} />
    ),
  },
  events: {
    label: () => t('sessions.inspector.tabs.events'),
    view: ({ session, log }: ViewContext) => <EventsTab sessionId={session.id} log={log} />,
  },
  tools: {
    label: () => t('sessions.inspector.tabs.tools'),
    view: ({ session, log, fromFile }: ViewContext) => (
      <ToolsTab session={session} log={log} fromFile={fromFile} />
    ),
  },
}
type View = keyof typeof VIEWS
const VIEW_NAMES = Object.keys(VIEWS) as View[]

const noop = () => undefined

/** The first user message among the file's first events: the session's title, as online. */
const FIRST_EVENTS = 50
const selectTitle = (store: EventStore) => firstUserMessage(store.all().slice(0, FIRST_EVENTS))
const selectSpan = (store: EventStore) =>
  `${store.at(0)?.created_at ?? 0}:${store.at(store.size - 1)?.created_at ?? 0}:${store.at(0)?.session_id ?? ''}`

/**
 * The session a file describes, as far as its events tell: its id and times. No agent and no
 * environment are known, so no view asks a server about them.
 */
function useFileSession(store: EventStore, fallbackId: string | null, fileName: string): Session {
  const title = useEventLog(store, selectTitle)
  const span = useEventLog(store, selectSpan)
  return useMemo(() => {
    const [first = '0', last = '0', sessionId = ''] = span.split(':')
    const session: Session & { title?: string } = {
      id: sessionId || fallbackId || '',
      agentId: '',
      status: 'file',
      createdAt: Number(first),
      updatedAt: Number(last),
      lastActivityAt: Number(last),
      // Read as the server's title would be: the views then never ask a server for one.
      title: title ?? (sessionId || fallbackId || fileName),
    }
    return session
  }, [span, title, fallbackId, fileName])
}

function problemReason(report: ExportReadReport): string {
  const problem = report.firstProblem
  if (!problem) return ''
  const detail = problem.detail ?? ''
  switch (problem.reason) {
    case 'not_json':
      return t('sessions.offline.reason.not_json')
    case 'not_event':
      return t('sessions.offline.reason.not_event')
    case 'too_deep':
      return t('sessions.offline.reason.too_deep', { depth: MAX_DEPTH })
    case 'too_long':
      return t('sessions.offline.reason.too_long', { limit: formatNumber(MAX_LINE_CHARS) })
    case 'other_session':
      return t('sessions.offline.reason.other_session', { detail })
    case 'duplicate':
      return t('sessions.offline.reason.duplicate', { detail })
  }
}

function mismatchLabel(mismatch: ManifestMismatch): string {
  switch (mismatch) {
    case 'sha256':
      return t('sessions.offline.mismatch.sha256')
    case 'count':
      return t('sessions.offline.mismatch.count')
    case 'last_cursor':
      return t('sessions.offline.mismatch.last_cursor')
    case 'session':
      return t('sessions.offline.mismatch.session')
  }
}

function CheckNotice({ check, report }: { check: ManifestCheck | null; report: ExportReadReport }) {
  if (check === null) return <p className="text-sm text-muted-foreground">{t('sessions.offline.checking')}</p>
  if (check.status === 'absent') return <Notice>{t('sessions.offline.checkAbsent')}</Notice>
  const manifest = report.manifest
  if (check.status === 'match' && manifest) {
    return (
      <Notice tone="success" role="status">
        {t('sessions.offline.checkMatch', {
          count: manifest.count,
          cursor: manifest.lastCursor ?? '–',
          sha: manifest.sha256,
        })}
      </Notice>
    )
  }
  const what = check.mismatches.map(mismatchLabel).join(', ')
  return (
    <Notice tone="warning" role="alert">
      {t('sessions.offline.checkMismatch', { what })}
    </Notice>
  )
}

function FileReport({ opened }: { opened: OpenedExport }) {
  const { report } = opened
  return (
    <div className="flex flex-col gap-3">
      {opened.phase === 'failed' ? (
        <Notice tone="danger" role="alert">
          {t('sessions.offline.readFailed')}
        </Notice>
      ) : null}
      {report && report.firstProblem ? (
        <Notice tone="warning" role="alert" title={t('sessions.offline.problemTitle')}>
          <p>
            {t('sessions.offline.problemFirst', {
              line: formatNumber(report.firstProblem.line),
              reason: problemReason(report),
            })}
          </p>
          {report.firstProblem.reason === 'not_json' && report.firstProblem.detail ? (
            <p className="mt-1 font-mono text-xs break-all">
              {t('sessions.offline.problemDetail', { detail: report.firstProblem.detail })}
            </p>
          ) : null}
          <p className="mt-1">{t('sessions.offline.problemCount', { count: report.problemCount })}</p>
        </Notice>
      ) : null}
      {report && report.unknownTypes[0] ? (
        <Notice>
          {t('sessions.offline.unknownTypes', {
            count: report.unknownTypes.length,
            type: report.unknownTypes[0].type,
            line: formatNumber(report.unknownTypes[0].firstLine),
          })}
        </Notice>
      ) : null}
      {report ? <CheckNotice check={opened.check} report={report} /> : null}
    </div>
  )
}

function OpenedFile({ opened, onClose }: { opened: OpenedExport; onClose: () => void }) {
  const size = useEventLog(opened.store, selectSize)
  const session = useFileSession(opened.store, opened.report?.sessionId ?? null, opened.name)
  const [params, setParams] = useSearchParams()
  const view = VIEW_NAMES.find((name) => name === params.get('tab')) ?? 'transcript'
  const isReading = opened.phase === 'reading'
  const log = useMemo<SessionEventLog>(
    () => ({
      store: opened.store,
      phase: isReading ? 'history' : 'live',
      error: null,
      liveStatus: 'closed',
      reconnectAttempt: 0,
      liveError: null,
      pause: noop,
      resume: noop,
      retry: noop,
    }),
    [opened.store, isReading],
  )
  const items: TabItem<View>[] = VIEW_NAMES.map((value) => ({ value, label: VIEWS[value].label() }))
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby={`offline-file-${opened.id}`}
        className="flex flex-col gap-2 rounded-lg border-2 border-dashed border-primary/60 bg-card p-4"
        data-testid="offline-file-banner"
      >
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge>{t('sessions.offline.fromFile')}</Badge>
          {/* The file's name heads the page's content, as a session's summary does online. */}
          <h2 id={`offline-file-${opened.id}`} className="font-medium break-all">
            <VisibleText text={opened.name} />
          </h2>
          <span className="text-muted-foreground">· {formatFileSize(opened.size)}</span>
          {session.id ? (
            <span className="font-mono text-xs break-all text-muted-foreground">
              · <VisibleText text={session.id} />
            </span>
          ) : null}
          <Button size="sm" className="ml-auto" onClick={onClose}>
            {t('sessions.offline.close')}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">{t('sessions.offline.bannerNote')}</p>
        {opened.context ? (
          <p className="text-xs text-muted-foreground">{t('sessions.offline.contextNote')}</p>
        ) : opened.phase === 'done' ? (
          <p className="text-xs text-muted-foreground">{t('sessions.offline.contextAbsent')}</p>
        ) : null}
        <p className="text-sm" role="status">
          {isReading
            ? t('sessions.offline.reading', { count: size })
            : t('sessions.offline.read', { count: size })}
        </p>
      </section>
      <FileReport opened={opened} />
      {size === 0 ? (
        isReading ? null : (
          <Notice>{t('sessions.offline.empty')}</Notice>
        )
      ) : (
        <div>
          <Tabs
            label={t('sessions.offline.tabsLabel')}
            idBase="offline"
            items={items}
            value={view}
            onValueChange={(value) =>
              setParams((current) => {
                const next = new URLSearchParams(current)
                next.set('tab', value)
                return next
              })
            }
          />
          <TabPanel idBase="offline" value={view}>
            <PanelErrorBoundary key={view} title={t('sessions.inspector.viewFailed')}>
              {VIEWS[view].view({ session, log, fromFile: opened.context })}
            </PanelErrorBoundary>
          </TabPanel>
        </div>
      )}
    </div>
  )
}

const VIEW_STRINGS = [...new Set([...TRANSCRIPT_STRINGS, ...WATERFALL_STRINGS, 'sessions:inspector'])]

/**
 * Opens a session export with no server: the file is read in this tab (a picker or a drop;
 * nothing is uploaded) and shown with the session page's own views, clearly marked as a file.
 */
export function OfflineViewer() {
  // Every string the file's views show, in before the file field: the viewer is for reading with
  // the network cut, and a view that asked for its strings only when opened would find none.
  useT(...VIEW_STRINGS)
  const { opened, open, close } = useExportFile()
  const [isDragOver, setIsDragOver] = useState(false)
  const [, setParams] = useSearchParams()
  const openFile = useCallback(
    (file: File | undefined) => {
      if (!file) return
      // A new file starts on its transcript, not on a place in the previous one.
      setParams(new URLSearchParams(), { replace: true })
      open(file)
    },
    [open, setParams],
  )
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setIsDragOver(false)
    openFile(event.dataTransfer.files[0])
  }
  return (
    <div className="flex flex-col gap-5">
      <div
        className={cn(
          'flex flex-col gap-2 rounded-lg border border-dashed border-border p-4',
          isDragOver && 'border-primary bg-accent',
        )}
        data-testid="offline-drop-zone"
        onDragOver={(event) => {
          event.preventDefault()
          setIsDragOver(true)
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
      >
        <Field label={t('sessions.offline.choose')} hint={t('sessions.offline.chooseHint')}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".jsonl,.ndjson,.json,application/x-ndjson,application/json,text/plain"
              className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm"
              onChange={(event) => {
                openFile(event.target.files?.[0])
                // The same file chosen again is read again.
                event.target.value = ''
              }}
            />
          )}
        </Field>
        <p className="text-xs text-muted-foreground">{t('sessions.offline.drop')}</p>
      </div>
      {opened ? <OpenedFile key={opened.id} opened={opened} onClose={close} /> : null}
    </div>
  )
}
