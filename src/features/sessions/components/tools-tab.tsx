import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ToolRecordCard } from './tool-record-card'
import { eventTurnId } from '@/data/sessions/event-data'
import { useCallPlace } from '../hooks/use-call-place'
import type { ExportContext } from '@/data/sessions/export-manifest'
import type { Session } from '@/data/sessions/types'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import { joinToolClaim } from '../models/join-tool-claims'
import { buildToolRecords } from '../models/tool-records'
import { Button } from '@/components/ui/button'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'

const PAGE = 25

function selectToolRecords(store: EventStore) {
  const events = store.all()
  const turnStartedAt = new Map<string, number>()
  for (const event of events) {
    const turnId = event.type === 'turn.accepted' ? eventTurnId(event) : null
    if (turnId) turnStartedAt.set(turnId, event.created_at)
  }
  // Newest first: the call someone is looking for is usually the latest one.
  return { records: buildToolRecords(events).reverse(), turnStartedAt }
}

/** Tool records joined from events (what happened) and work items (which worker claimed it). */
export function ToolsTab({
  session,
  log,
  fromFile = null,
}: {
  session: Session
  log: SessionEventLog
  /** An opened file: where its calls ran, as its manifest says (no server is asked). */
  fromFile?: ExportContext | null
}) {
  const { t } = useT('sessions')
  const environmentId = session.environmentId ?? null
  const { environmentLabel, isSelfHosted, workItems, work, environmentError } = useCallPlace(
    environmentId,
    fromFile,
  )
  const [shown, setShown] = useState(PAGE)
  // A link from the transcript names one record (`?tool=`): it is shown, marked and scrolled to.
  const [params] = useSearchParams()
  const selectedKey = params.get('tool')

  const { records, turnStartedAt } = useEventLog(log.store, selectToolRecords)

  if (log.phase === 'snapshot' || (log.phase === 'history' && records.length === 0)) {
    return <LoadingState label={t('sessions.tools.loading')} />
  }
  if (records.length === 0) {
    return <EmptyState title={t('sessions.tools.emptyTitle')}>{t('sessions.tools.emptyBody')}</EmptyState>
  }
  const selectedIndex = selectedKey === null ? -1 : records.findIndex((record) => record.key === selectedKey)
  const visible = Math.max(shown, selectedIndex + 1)
  const context = {
    sessionId: session.id,
    isSelfHosted,
    workItems: workItems ?? [],
    turnStartedAt,
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {isSelfHosted
          ? t('sessions.tools.countSelfHosted', { count: records.length })
          : t('sessions.tools.count', { count: records.length })}
      </p>
      {work && work.isError ? (
        <QueryErrorState
          title={t('sessions.tools.claimsError')}
          error={work.error}
          onRetry={() => void work.refetch()}
        />
      ) : null}
      {environmentError ? (
        <Notice tone="warning">{t('sessions.tools.environmentError', { environment: environmentId })}</Notice>
      ) : null}
      {records.slice(0, visible).map((record) => (
        <ToolRecordCard
          key={record.key}
          record={record}
          claim={joinToolClaim(record, context)}
          environmentLabel={environmentLabel}
          isSelected={record.key === selectedKey}
        />
      ))}
      {records.length > visible ? (
        <Button className="self-center" onClick={() => setShown(visible + PAGE)}>
          {t('sessions.tools.showMore', { count: Math.min(PAGE, records.length - visible) })}
        </Button>
      ) : null}
    </div>
  )
}
