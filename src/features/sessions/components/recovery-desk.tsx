import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { RelativeTime } from '@/components/text/relative-time'
import { Button } from '@/components/ui/button'
import { ChoiceField, Field, FieldGroup } from '@/components/ui/field'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { Textarea } from '@/components/ui/textarea'
import { useTurnCommand } from '@/data/sessions/mutations'
import { recoveryQuery, traceGateOf, useReconcile } from '@/data/sessions/trace'
import { turnsQuery } from '@/data/sessions/queries'
import type { Session, Turn } from '@/data/sessions/types'
import { CLAIM_FRESH_MS } from '@/data/work/worker-presence'
import { useT } from '@/i18n'
import { useNow } from '@/lib/use-now'
import { useEnvironmentWork } from '../hooks/use-environment-work'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import { findToolWorker } from '../models/join-tool-claims'
import { checkReconcileDraft, type OutcomeDraft, type ReconcileDraft } from '../models/reconcile-form'
import { buildToolRecords, type ToolRecord } from '../models/tool-records'
import { TraceGateNotice } from './trace-gate-notice'

const selectToolRecords = (store: EventStore) => buildToolRecords(store.all())

/** The latest turn, the only one a resume continues (upstream: "Only the latest unfinished task can continue"). */
function latestTurnOf(turns: readonly Turn[]): string | null {
  return [...turns].sort((a, b) => b.createdAt - a.createdAt)[0]?.id ?? null
}

/**
 * The recovery desk: each tool call whose outcome is unknown (upstream's uncertain set), what it
 * was asked to do and who held it, and a form recording what it really did. Upstream's rules are
 * checked before sending (models/reconcile-form.ts); once nothing is uncertain, the turn can resume.
 */
export function RecoveryDesk({
  session,
  log,
  canWrite,
}: {
  session: Session
  log: SessionEventLog
  canWrite: boolean
}) {
  const { t } = useT('sessions', 'sessions:recovery')
  const recovery = useQuery(recoveryQuery(session.id))
  const turns = useQuery(turnsQuery(session.id))
  const records = useEventLog(log.store, selectToolRecords)
  const { isSelfHosted, work } = useEnvironmentWork(session.environmentId ?? null)
  const [draft, setDraft] = useState<ReconcileDraft>({ reason: '', outcomes: {} })
  const [resumedTurn, setResumedTurn] = useState<string | null>(null)
  const reconcile = useReconcile(session.id)
  const resume = useTurnCommand(session.id, 'resume', { onSuccess: (turn) => setResumedTurn(turn.id) })

  if (recovery.isPending) return <LoadingState label={t('sessions.recovery.loading')} />
  if (recovery.isError) {
    const gate = traceGateOf(recovery.error)
    if (gate) return <TraceGateNotice gate={gate} />
    return (
      <QueryErrorState
        title={t('sessions.recovery.title')}
        error={recovery.error}
        onRetry={() => void recovery.refetch()}
      />
    )
  }

  const ids = recovery.data.uncertainToolCallIds
  const calls = ids.map((id) => ({ id, record: records.find((record) => record.toolCallId === id) ?? null }))
  const uncertain = calls.map(({ id, record }) => ({ toolCallId: id, toolName: record?.name ?? '' }))
  const check = checkReconcileDraft(draft, uncertain)
  const turnId = latestTurnOf(turns.data ?? [])
  const setOutcome = (id: string, patch: Partial<OutcomeDraft>) =>
    setDraft((current) => ({
      ...current,
      outcomes: { ...current.outcomes, [id]: { kind: null, text: '', ...current.outcomes[id], ...patch } },
    }))

  return (
    <section aria-labelledby="recovery-desk-title" className="flex flex-col gap-4">
      <h2 id="recovery-desk-title" className="text-base font-semibold">
        {t('sessions.recovery.title')}
      </h2>
      {!canWrite ? <Notice tone="info">{t('sessions.recovery.viewer')}</Notice> : null}
      {ids.length === 0 ? (
        <ResumePanel
          turnId={reconcile.isSuccess ? turnId : null}
          canWrite={canWrite}
          resumedTurn={resumedTurn}
          resume={resume}
          nothing={t('sessions.recovery.nothingUncertain')}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('sessions.recovery.intro')}</p>
          <form
            className="flex flex-col gap-4"
            aria-label={t('sessions.recovery.title')}
            onSubmit={(event) => {
              event.preventDefault()
              if (check.request) reconcile.mutate(check.request)
            }}
          >
            {calls.map(({ id, record }) => (
              <UncertainCall
                key={id}
                id={id}
                record={record}
                isSelfHosted={isSelfHosted}
                workItems={work.data ?? []}
                sessionId={session.id}
                draft={draft.outcomes[id]}
                onChange={(patch) => setOutcome(id, patch)}
                isMessageMissing={check.missingMessage.includes(id)}
                isDisabled={!canWrite}
              />
            ))}
            <Field
              label={t('sessions.recovery.form.reason')}
              error={
                check.isReasonMissing && draft.reason !== ''
                  ? t('sessions.recovery.form.reasonMissing')
                  : undefined
              }
            >
              {(control) => (
                <Textarea
                  {...control}
                  required
                  disabled={!canWrite}
                  value={draft.reason}
                  onChange={(event) => setDraft((current) => ({ ...current, reason: event.target.value }))}
                />
              )}
            </Field>
            <p role="status" className="text-sm font-medium">
              {t('sessions.recovery.form.covered', { covered: check.covered, total: check.total })}
              {check.covered < check.total ? ` — ${t('sessions.recovery.form.notCovered')}` : null}
            </p>
            {check.request ? (
              <div className="rounded-md border border-border p-3">
                <h3 className="text-sm font-medium">{t('sessions.recovery.form.preview')}</h3>
                <ul className="mt-2 list-disc pl-5 font-mono text-xs">
                  {check.request.outcomes.map(({ toolCallId, outcome }) => (
                    <li key={toolCallId}>
                      {t('sessions.recovery.form.previewResult', {
                        id: toolCallId,
                        kind: outcome.kind,
                        text: outcome.kind === 'success' ? outcome.output : outcome.message,
                      })}
                    </li>
                  ))}
                  <li>
                    {t('sessions.recovery.form.previewApplied', {
                      count: check.request.outcomes.length,
                      reason: check.request.reason,
                    })}
                  </li>
                  <li>{t('sessions.recovery.form.previewCheckpoint')}</li>
                </ul>
              </div>
            ) : null}
            {reconcile.isError ? (
              <FailureNotice error={reconcile.error} message={t('sessions.recovery.form.failed')} />
            ) : null}
            <div>
              <Button type="submit" disabled={!canWrite || !check.request || reconcile.isPending}>
                {reconcile.isPending
                  ? t('sessions.recovery.form.submitting')
                  : t('sessions.recovery.form.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  )
}

function UncertainCall({
  id,
  record,
  isSelfHosted,
  workItems,
  sessionId,
  draft,
  onChange,
  isMessageMissing,
  isDisabled,
}: {
  id: string
  record: ToolRecord | null
  isSelfHosted: boolean
  workItems: Parameters<typeof findToolWorker>[1]['workItems']
  sessionId: string
  draft: OutcomeDraft | undefined
  onChange: (patch: Partial<OutcomeDraft>) => void
  isMessageMissing: boolean
  isDisabled: boolean
}) {
  const { t } = useT('sessions', 'sessions:recovery')
  const now = useNow()
  const worker = record ? findToolWorker(record, { sessionId, isSelfHosted, workItems }) : null
  const item = worker?.servedFrom ?? worker?.item ?? null
  const kind = draft?.kind ?? null
  return (
    <article className="flex flex-col gap-2 rounded-md border border-border p-3" aria-label={id}>
      <h3 className="text-sm font-semibold">
        {t('sessions.recovery.call.heading', { tool: record?.name ?? '?', id })}
      </h3>
      {record ? (
        <div className="text-xs">
          <div className="font-medium">{t('sessions.recovery.call.input')}</div>
          <pre className="max-h-40 overflow-auto rounded bg-muted p-2 font-mono break-words whitespace-pre-wrap">
            {JSON.stringify(record.input ?? {}, null, 2)}
          </pre>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">{t('sessions.recovery.call.notInLog')}</p>
      )}
      <p className="text-xs text-muted-foreground">
        {!isSelfHosted ? (
          t('sessions.recovery.call.noWorker')
        ) : item ? (
          <>
            {t('sessions.recovery.call.worker', { worker: worker?.workerId ?? '—', item: item.id })}.{' '}
            {t('sessions.recovery.call.lastMove')} <RelativeTime at={item.updatedAt} now={now} withExact /> (
            {now - item.updatedAt > CLAIM_FRESH_MS
              ? t('sessions.recovery.call.stale')
              : t('sessions.recovery.call.fresh')}
            )
          </>
        ) : (
          t('sessions.recovery.call.unknownWorker')
        )}
      </p>
      <FieldGroup legend={t('sessions.recovery.form.outcome')}>
        {(['success', 'error'] as const).map((value) => (
          <ChoiceField
            key={value}
            label={
              value === 'success' ? t('sessions.recovery.form.success') : t('sessions.recovery.form.error')
            }
          >
            {(control) => (
              <input
                {...control}
                type="radio"
                name={`outcome-${id}`}
                disabled={isDisabled}
                checked={kind === value}
                onChange={() => onChange({ kind: value })}
              />
            )}
          </ChoiceField>
        ))}
      </FieldGroup>
      {kind ? (
        <Field
          label={
            kind === 'success' ? t('sessions.recovery.form.output') : t('sessions.recovery.form.message')
          }
          error={
            isMessageMissing && draft?.text !== '' ? t('sessions.recovery.form.messageMissing') : undefined
          }
        >
          {(control) => (
            <Textarea
              {...control}
              disabled={isDisabled}
              value={draft?.text ?? ''}
              onChange={(event) => onChange({ text: event.target.value })}
            />
          )}
        </Field>
      ) : null}
    </article>
  )
}

function ResumePanel({
  turnId,
  canWrite,
  resumedTurn,
  resume,
  nothing,
}: {
  turnId: string | null
  canWrite: boolean
  resumedTurn: string | null
  resume: ReturnType<typeof useTurnCommand>
  nothing: string
}) {
  const { t } = useT('sessions', 'sessions:recovery')
  if (!turnId) return <p className="text-sm text-muted-foreground">{nothing}</p>
  return (
    <div className="flex flex-col gap-2">
      <Notice tone="info">
        {resumedTurn ? t('sessions.recovery.resume.done') : t('sessions.recovery.resume.ready')}
      </Notice>
      {resume.isError ? (
        <FailureNotice error={resume.error} message={t('sessions.recovery.resume.failed')} />
      ) : null}
      {!resumedTurn ? (
        <div>
          <Button disabled={!canWrite || resume.isPending} onClick={() => resume.mutate(turnId)}>
            {resume.isPending ? t('sessions.recovery.resume.resuming') : t('sessions.recovery.resume.button')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
