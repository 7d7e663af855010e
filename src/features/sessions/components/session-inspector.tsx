import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { EventsTab } from './events-tab'
import { LiveAnnouncer } from './live-announcer'
import { LiveStatus } from './live-status'
import { RequiredActions } from './required-actions'
import { SessionExport } from './session-export'
import { SessionSummary } from './session-summary'
import { ConfigurationDiagnosis, StallDiagnosis } from './stall-diagnosis'
import { RecoveryNotice } from './recovery-notice'
import { BudgetStopNotice } from './budget-stop-notice'
import { TurnComposer } from './turn-composer'
import { InputLedgerPanel } from './input-ledger-panel'
import { useEnvironmentGone } from '../hooks/use-environment-gone'
import { TurnControls } from './turn-controls'
import type * as TranscriptTabModule from './transcript-tab'
import type * as WaterfallTabModule from './waterfall-tab'
import type * as ToolsTabModule from './tools-tab'
import type * as SnapshotTabModule from './snapshot-tab'
import type * as EnvironmentTabModule from './environment-tab'
import { TRANSCRIPT_STRINGS, WATERFALL_STRINGS } from './tab-strings'
import { sessionQuery, turnsQuery } from '@/data/sessions/queries'
import type { SessionRoute } from '@/data/sessions/session-route'
import type { Session } from '@/data/sessions/types'
import { useEventLog } from '../hooks/use-event-log'
import { useSessionEventLog, type SessionEventLog } from '../hooks/use-session-event-log'
import { SESSION_TABS, sessionTabOf, type SessionTab } from '../models/session-tabs'
import type { EventStore } from '../models/event-store'
import { openRequiredActions } from '../models/pending-actions'
import { turnsAwaitingTools } from '../models/turns-awaiting-tools'
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { TabPanel, Tabs } from '@/components/ui/tabs'
import { loadNamespace, t, useT } from '@/i18n'
import { useIdlePrefetch } from '@/lib/use-idle-prefetch'
import { codeOnDemand, type CodeOnDemand } from '@/lib/code-on-demand'

const selectOpenActions = (store: EventStore) => openRequiredActions(store.all())
const selectAwaitingTools = (store: EventStore) => turnsAwaitingTools(store.all())

const RecoveryDesk = lazy(() =>
  import('./recovery-desk').then((module) => ({ default: module.RecoveryDesk })),
)
// The transcript (with Markdown and its highlighter) and the waterfall load with their tab: a page
// opened on the event log does not download and run them before its first rows. Opened on the
// transcript, its code is asked for as this module runs (see the end of the file), beside the
// session's data; the other tabs' code is fetched once the page is idle.
const transcriptCode = codeOnDemand<typeof TranscriptTabModule>(() => import('./transcript-tab'))
const waterfallCode = codeOnDemand<typeof WaterfallTabModule>(() => import('./waterfall-tab'))

/**
 * A tab whose code loads with it. Mounted once its code is in (the opening tab, see
 * openingTabCode; a tab prefetched while the page was idle), it renders the tab at once: React.lazy
 * would suspend that first render all the same, and the inspector's loading state, once shown,
 * holds the tab back for up to 300 ms (React's reveal throttle). Chosen once per mount, so a tab
 * shown through lazy is not mounted again when its code arrives.
 */
function withCode<M, P extends object>(code: CodeOnDemand<M>, pick: (module: M) => ComponentType<P>) {
  const Lazy = lazy(() => code.load().then((module) => ({ default: pick(module) })))
  return function TabWithCode(props: P) {
    const [Tab] = useState<ComponentType<P> | typeof Lazy>(() => {
      const module = code.loaded()
      return module === undefined ? Lazy : pick(module)
    })
    return <Tab {...props} />
  }
}
const TranscriptTab = withCode(transcriptCode, (module) => module.TranscriptTab)
const WaterfallTab = withCode(waterfallCode, (module) => module.WaterfallTab)
// The tools, snapshot and environment tabs read only the page's own strings, and load with their
// tab like the others: a page opened on its transcript or its event log does not wait for them.
const toolsCode = codeOnDemand<typeof ToolsTabModule>(() => import('./tools-tab'))
const snapshotCode = codeOnDemand<typeof SnapshotTabModule>(() => import('./snapshot-tab'))
const environmentCode = codeOnDemand<typeof EnvironmentTabModule>(() => import('./environment-tab'))
const ToolsTab = withCode(toolsCode, (module) => module.ToolsTab)
const SnapshotTab = withCode(snapshotCode, (module) => module.SnapshotTab)
const EnvironmentTab = withCode(environmentCode, (module) => module.EnvironmentTab)

// The files tab's code loads the first time it is opened.
const FilesTab = lazy(() => import('./files-tab').then((module) => ({ default: module.FilesTab })))
const CheckpointsTab = lazy(() =>
  import('./checkpoints-tab').then((module) => ({ default: module.CheckpointsTab })),
)
const SubagentsTab = lazy(() =>
  import('./subagents-tab').then((module) => ({ default: module.SubagentsTab })),
)
const BudgetTab = lazy(() => import('./budget-tab').then((module) => ({ default: module.BudgetTab })))

/** What a tab's view is given. */
export type TabContext = {
  sessionId: string
  session: Session
  /** The route the log is read through: the session's own, or a sub-agent's through its root. */
  route: SessionRoute
  /** The sub-agents from the root down to this view (empty for a session of the caller's). */
  chain: readonly string[]
  log: SessionEventLog
  /** The user may write and the session is not archived. */
  canAct: boolean
  canWrite: boolean
  isWaiting: boolean
}

/**
 * Each tab's label and view. A new tab is one name in SESSION_TABS (its place in the strip), one
 * entry here and its label in the catalog; the tab strip and the panel read this table.
 */
export const TABS = {
  transcript: {
    label: () => t('sessions.inspector.tabs.transcript'),
    view: ({ session, log, canAct, isWaiting }: TabContext) => (
      <TranscriptTab session={session} log={log} canWrite={canAct} hasDiagnosis={isWaiting} />
    ),
  },
  waterfall: {
    label: () => t('sessions.inspector.tabs.waterfall'),
    view: ({ session, log, route, chain }: TabContext) => (
      <WaterfallTab
        session={session}
        log={log}
        route={route}
        chain={chain}
        // Checkpoints are a session's own: a sub-agent's page has no route for them.
        withCheckpoints={route.childId === undefined}
      />
    ),
  },
  events: {
    label: () => t('sessions.inspector.tabs.events'),
    view: ({ sessionId, log }: TabContext) => <EventsTab sessionId={sessionId} log={log} />,
  },
  tools: {
    label: () => t('sessions.inspector.tabs.tools'),
    view: ({ session, log }: TabContext) => <ToolsTab session={session} log={log} />,
  },
  snapshot: {
    label: () => t('sessions.inspector.tabs.snapshot'),
    view: ({ route, log }: TabContext) => <SnapshotTab route={route} log={log} />,
  },
  environment: {
    label: () => t('sessions.inspector.tabs.environment'),
    view: ({ session, canWrite }: TabContext) => <EnvironmentTab session={session} canWrite={canWrite} />,
  },
  files: {
    label: () => t('sessions.inspector.tabs.files'),
    view: ({ sessionId, canWrite, canAct }: TabContext) => (
      <FilesTab sessionId={sessionId} canWrite={canWrite} canAct={canAct} />
    ),
  },
  subagents: {
    label: () => t('sessions.subagents.tab'),
    view: ({ route, chain }: TabContext) => <SubagentsTab route={route} chain={chain} />,
  },
  recovery: {
    label: () => t('sessions.inspector.tabs.recovery'),
    view: ({ session, log, canAct }: TabContext) => (
      <RecoveryDesk session={session} log={log} canWrite={canAct} />
    ),
  },
  checkpoints: {
    label: () => t('sessions.inspector.tabs.checkpoints'),
    view: ({ session, log, canAct }: TabContext) => (
      <CheckpointsTab session={session} log={log} canWrite={canAct} />
    ),
  },
  budget: {
    label: () => t('sessions.inspector.tabs.budget'),
    view: ({ sessionId, canWrite, canAct }: TabContext) => (
      <BudgetTab sessionId={sessionId} canWrite={canWrite} canAct={canAct} />
    ),
  },
} satisfies Record<SessionTab, { label: () => string; view: (context: TabContext) => ReactNode }>

const NO_CHAIN: readonly string[] = []

/**
 * The tab strip (its choice held in `?tab=`) and the open tab's view, for a session's page and a
 * sub-agent's alike (each with the tabs it has).
 */
export function SessionTabs<T extends SessionTab>({
  idBase,
  tabs,
  value,
  context,
}: {
  idBase: string
  tabs: readonly T[]
  value: T
  context: TabContext
}) {
  const [, setParams] = useSearchParams()
  return (
    <div>
      <Tabs
        label={t('sessions.inspector.tabs.label')}
        idBase={idBase}
        items={tabs.map((tab) => ({ value: tab, label: TABS[tab].label() }))}
        value={value}
        onValueChange={(next) =>
          setParams((current) => {
            const params = new URLSearchParams(current)
            params.set('tab', next)
            return params
          })
        }
      />
      <TabPanel idBase={idBase} value={value}>
        <PanelErrorBoundary key={value} title={t('sessions.inspector.viewFailed')}>
          {/* The transcript, the waterfall and the files load on first use. */}
          <Suspense fallback={<LoadingState label={t('sessions.inspector.loading')} />}>
            {TABS[value].view(context)}
          </Suspense>
        </PanelErrorBoundary>
      </TabPanel>
    </div>
  )
}

/**
 * The session page: restores from the snapshot, follows the live stream, and shows the transcript
 * (by default), events, tool records, snapshots and the environment in tabs held in the URL
 * (`?tab=`), so a reload or a shared link opens the same view.
 */
export function SessionInspector({ sessionId, canWrite }: { sessionId: string; canWrite: boolean }) {
  useT('sessions', 'sessions:inspector')
  const route = useMemo(() => ({ sessionId }), [sessionId])
  const session = useQuery(sessionQuery(sessionId))
  const turns = useQuery(turnsQuery(sessionId))
  const log = useSessionEventLog(sessionId)
  const [params] = useSearchParams()
  const tab = sessionTabOf(params)
  const openActions = useEventLog(log.store, selectOpenActions)
  const awaitingTools = useEventLog(log.store, selectAwaitingTools)
  const isEnvironmentGone = useEnvironmentGone(session.data?.environmentId)
  useIdlePrefetch(TAB_CODES, log.phase !== 'snapshot')

  if (session.isPending) return <LoadingState label={t('sessions.inspector.loading')} />
  if (session.isError) {
    return (
      <QueryErrorState
        title={t('sessions.inspector.loadError')}
        error={session.error}
        onRetry={() => void session.refetch()}
      />
    )
  }
  const isArchived = session.data.archivedAt !== null && session.data.archivedAt !== undefined
  const latestTurn = [...(turns.data ?? [])].sort((a, b) => b.createdAt - a.createdAt)[0]
  const runningTurn = (turns.data ?? []).find((turn) => turn.status === 'running')
  const isWaiting = (turns.data ?? []).some(
    (turn) => turn.status === 'queued' || turn.status === 'requires_action',
  )

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
            <SessionSummary session={session.data} />
            <LiveStatus log={log} />
            {/* Its strings load with it: the summary does not wait for them. */}
            <Suspense fallback={null}>
              <SessionExport sessionId={sessionId} environmentId={session.data.environmentId ?? null} />
            </Suspense>
          </div>
          <div id="stall-diagnosis" className="scroll-mt-4">
            <PanelErrorBoundary title={t('sessions.inspector.diagnosisFailed')}>
              <StallDiagnosis
                session={session.data}
                turns={turns.data ?? []}
                openActions={openActions}
                log={log}
              />
              <ConfigurationDiagnosis
                session={session.data}
                turns={turns.data ?? []}
                openActions={openActions}
                log={log}
              />
            </PanelErrorBoundary>
            {latestTurn ? <RecoveryNotice sessionId={sessionId} turn={latestTurn} /> : null}
            {latestTurn ? (
              <BudgetStopNotice
                sessionId={sessionId}
                turn={latestTurn}
                log={log}
                canWrite={canWrite && !isArchived}
              />
            ) : null}
          </div>
          <RequiredActions sessionId={sessionId} actions={openActions} canWrite={canWrite && !isArchived} />
          {latestTurn ? (
            <TurnControls
              sessionId={sessionId}
              turn={latestTurn}
              openActions={openActions}
              isAwaitingTools={awaitingTools.has(latestTurn.id)}
              canWrite={canWrite && !isArchived}
            />
          ) : null}
        </div>
        {/* The composer's intents and the input ledger bring their own strings: a moment's wait here only. */}
        <Suspense fallback={<LoadingState label={t('sessions.inspector.loading')} />}>
          <div className="flex min-w-0 flex-col gap-4">
            {canWrite ? (
              <TurnComposer
                sessionId={sessionId}
                isDisabled={isArchived}
                goneEnvironmentId={isEnvironmentGone ? (session.data.environmentId ?? null) : null}
                runningTurnId={runningTurn?.id ?? null}
              />
            ) : null}
            <PanelErrorBoundary title={t('sessions.inspector.viewFailed')}>
              <InputLedgerPanel sessionId={sessionId} store={log.store} canWrite={canWrite && !isArchived} />
            </PanelErrorBoundary>
          </div>
        </Suspense>
      </div>
      <SessionTabs
        idBase="session"
        tabs={SESSION_TABS}
        value={tab}
        context={{
          sessionId,
          session: session.data,
          route,
          chain: NO_CHAIN,
          log,
          canAct: canWrite && !isArchived,
          canWrite,
          isWaiting,
        }}
      />
      <LiveAnnouncer store={log.store} />
    </div>
  )
}

// The page is being opened on a tab whose code loads with it: that tab's code and strings leave
// now, beside the session's data, not once the session is in and the tab has rendered. The session
// route waits for them (openingTabCode) before its first render, so the tab never shows its loading
// state: once a Suspense fallback has been shown, React holds the content that replaces it back for
// up to 300 ms (its reveal throttle), which is longer than the download.
const OPENING_CODE: Partial<Record<SessionTab, { code: CodeOnDemand<unknown>; strings: readonly string[] }>> =
  {
    transcript: { code: transcriptCode, strings: TRANSCRIPT_STRINGS },
    waterfall: { code: waterfallCode, strings: WATERFALL_STRINGS },
    tools: { code: toolsCode, strings: [] },
    snapshot: { code: snapshotCode, strings: [] },
    environment: { code: environmentCode, strings: [] },
  }
/** The code of every tab that loads with its tab, fetched when idle once the page shows content. */
const TAB_CODES = Object.values(OPENING_CODE).flatMap((tab) => (tab ? [tab.code] : []))
function preloadOpeningTab(): Promise<unknown> {
  if (typeof window === 'undefined' || !window.location.pathname.startsWith('/sessions/'))
    return Promise.resolve()
  const early = OPENING_CODE[sessionTabOf(new URLSearchParams(window.location.search))]
  if (!early) return Promise.resolve()
  // A failed download is not the page's to report: the tab asks again when it renders, and shows
  // the failure in its own panel.
  return Promise.all([
    early.code.load(),
    ...early.strings.map((namespace) => loadNamespace(namespace)),
  ]).catch(() => undefined)
}

/** The opening tab's code and strings, asked for as this module runs (settles either way). */
export const openingTabCode: Promise<unknown> = preloadOpeningTab()
