import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { LiveAnnouncer } from './live-announcer'
import { LiveStatus } from './live-status'
import { RequiredActions } from './required-actions'
import { SessionTabs } from './session-inspector'
import type { SessionTab } from '../models/session-tabs'
import { StatusBadge } from './status-badge'
import { totalTokens } from './subagents-tab'
import { childSessionOf } from '@/data/sessions/decode-subagents'
import { snapshotQuery } from '@/data/sessions/queries'
import { subagentsQuery } from '@/data/sessions/subagents'
import { useEventLog } from '../hooks/use-event-log'
import { useSessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import { openRequiredActions } from '../models/pending-actions'
import { subagentPath } from '../models/subagent-path'
import { VisibleText } from '@/components/text/visible-text'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'
import { formatNumber } from '@/lib/format-number'

const selectOpenActions = (store: EventStore) => openRequiredActions(store.all())
const selectFirstAt = (store: EventStore) => store.at(0)?.created_at ?? 0

/**
 * What a sub-agent's page shows of the session tabs: everything that reads its log and views.
 * Its files, environment and recovery are not served for a child (no route upstream).
 */
const CHILD_TABS = [
  'transcript',
  'waterfall',
  'events',
  'tools',
  'snapshot',
  'subagents',
] as const satisfies readonly SessionTab[]
type ChildTab = (typeof CHILD_TABS)[number]

function childTabOf(params: URLSearchParams): ChildTab {
  return CHILD_TABS.find((value) => value === params.get('tab')) ?? 'transcript'
}

/**
 * A sub-agent as a session view of its own: its log, turns, tools, snapshot and children, read
 * through the root session's child routes with the child's own cursors, following it live. Its
 * pending requests are shown but cannot be answered here (upstream has no route for it).
 */
export function SubagentInspector({ rootId, chain }: { rootId: string; chain: readonly string[] }) {
  const { t } = useT('sessions', 'sessions:inspector', 'sessions:transcript')
  const childId = chain.at(-1) ?? ''
  const parentChain = useMemo(() => chain.slice(0, -1), [chain])
  const route = useMemo(() => ({ sessionId: rootId, childId }), [rootId, childId])
  const parentRoute = useMemo(
    () => ({ sessionId: rootId, childId: parentChain.at(-1) }),
    [rootId, parentChain],
  )
  const siblings = useQuery(subagentsQuery(parentRoute))
  const entry = siblings.data?.children.find((child) => child.childId === childId)
  const log = useSessionEventLog(route)
  const snapshot = useQuery(snapshotQuery(route))
  const openActions = useEventLog(log.store, selectOpenActions)
  const firstAt = useEventLog(log.store, selectFirstAt)
  const session = useMemo(() => childSessionOf(childId, entry, firstAt), [childId, entry, firstAt])
  const [params] = useSearchParams()
  const tab = childTabOf(params)
  const back =
    parentChain.length === 0 ? `/sessions/${encodeURIComponent(rootId)}` : subagentPath(rootId, parentChain)
  const backTo = `${back}?${new URLSearchParams({ tab }).toString()}`
  const usage = snapshot.data?.usage

  return (
    <div className="flex flex-col gap-5" data-testid="subagent-inspector">
      <nav aria-label={t('sessions.subagents.child.path')} className="text-sm">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link
              className="font-mono text-primary hover:underline"
              to={`/sessions/${encodeURIComponent(rootId)}`}
            >
              {rootId}
            </Link>
          </li>
          {chain.map((id, index) => (
            <li key={id} className="flex items-center gap-1">
              <span aria-hidden="true">›</span>
              {index === chain.length - 1 ? (
                <span aria-current="page" className="font-mono">
                  {id}
                </span>
              ) : (
                <Link
                  className="font-mono text-primary hover:underline"
                  to={subagentPath(rootId, chain.slice(0, index + 1))}
                >
                  {id}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4 text-sm">
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{t('sessions.subagents.child.task')}</dt>
            <dd>{entry?.taskId ? <VisibleText text={entry.taskId} /> : t('sessions.subagents.noTask')}</dd>
            <dt className="text-muted-foreground">{t('sessions.subagents.child.status')}</dt>
            <dd>
              <StatusBadge status={entry?.status} />
            </dd>
            <dt className="text-muted-foreground">{t('sessions.subagents.child.parent')}</dt>
            <dd className="font-mono">{parentChain.at(-1) ?? rootId}</dd>
            <dt className="text-muted-foreground">{t('sessions.subagents.child.usage')}</dt>
            <dd>
              {usage
                ? t('sessions.subagents.child.usageFigures', {
                    tokens: formatNumber(totalTokens(usage)),
                    calls: usage.model_calls,
                  })
                : '—'}
            </dd>
          </dl>
          <p className="text-muted-foreground">
            {t('sessions.subagents.child.readThrough', { session: rootId })}
          </p>
          <LiveStatus log={log} />
          <Link className="self-start text-primary hover:underline" to={backTo}>
            {t('sessions.subagents.child.back', { session: parentChain.at(-1) ?? rootId })}
          </Link>
        </div>
        {openActions.length > 0 ? (
          <div className="flex min-w-0 flex-col gap-2">
            <RequiredActions sessionId={childId} actions={openActions} canWrite={false} />
            <Notice tone="warning" data-testid="subagent-actions-read-only">
              {t('sessions.subagents.child.actionsReadOnly')}
            </Notice>
          </div>
        ) : null}
      </div>
      <SessionTabs
        idBase="subagent"
        tabs={CHILD_TABS}
        value={tab}
        context={{
          sessionId: childId,
          session,
          route,
          chain,
          log,
          canAct: false,
          canWrite: false,
          isWaiting: false,
        }}
      />
      <LiveAnnouncer store={log.store} />
    </div>
  )
}
