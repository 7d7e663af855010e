import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Select } from '@/components/ui/input'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { Textarea } from '@/components/ui/textarea'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { useForkIntoNewSession, type ForkPlan } from '@/data/sessions/checkpoints'
import type { Checkpoint } from '@/data/sessions/decode-checkpoints'
import type { Session } from '@/data/sessions/types'
import { RichText, useT } from '@/i18n'
import { createIdempotencyKey } from '@/lib/idempotency-key'
import { environmentWithType } from '../models/environment-type-label'
import type { Preflight } from '../models/restore-preflight'
import { useLineageStore } from '../stores/lineage-store'
import { idText, TitledPanel } from './checkpoint-parts'

/**
 * One flow for a fork: create the empty target (same agent, the chosen environment), then fork
 * into it. Both writes' keys and the target are kept (sessionStorage) until the fork is confirmed,
 * so a retry after any failure reuses them: no second target, no second fork.
 */
export function ForkPanel({
  session,
  checkpoint,
  preflight,
  canWrite,
  compareHref,
}: {
  session: Session
  checkpoint: Checkpoint
  preflight: Preflight
  canWrite: boolean
  compareHref: (targetId: string) => string
}) {
  const { t } = useT('sessions:checkpoints')
  const slot = `${session.id}:${checkpoint.id}`
  const pending = useLineageStore((state) => state.pending[slot])
  const keepPlan = useLineageStore((state) => state.keepPlan)
  const dropPlan = useLineageStore((state) => state.dropPlan)
  const rememberFork = useLineageStore((state) => state.rememberFork)
  const environments = useQuery(allEnvironmentsQuery())
  const [environmentId, setEnvironmentId] = useState(pending?.environmentId ?? session.environmentId ?? '')
  const [reason, setReason] = useState(pending?.reason ?? '')
  const fork = useForkIntoNewSession()
  // An unconfirmed attempt fixes what is sent: a retry must be the same request.
  const isRetry = pending !== undefined
  const canSend = canWrite && preflight.isClear && (isRetry || reason.trim() !== '') && !fork.isPending

  const start = () => {
    const plan: ForkPlan = pending ?? {
      sourceSessionId: session.id,
      agentId: session.agentId,
      environmentId: environmentId === '' ? null : environmentId,
      checkpointId: checkpoint.id,
      reason: reason.trim(),
      createKey: createIdempotencyKey('forktarget'),
      forkKey: createIdempotencyKey('fork'),
      targetSessionId: null,
      createSentAt: null,
    }
    keepPlan(slot, plan)
    let current = plan
    const update = (patch: Partial<ForkPlan>) => {
      current = { ...current, ...patch }
      keepPlan(slot, current)
    }
    fork.mutate(
      {
        plan,
        progress: {
          onCreateSent: (at) => update({ createSentAt: at }),
          onTargetCreated: (target) => update({ targetSessionId: target.id }),
        },
      },
      {
        onSuccess: (result) => {
          rememberFork({
            sourceId: session.id,
            targetId: result.targetSessionId,
            checkpointId: result.receipt.checkpointId,
            operationId: result.receipt.operationId,
            reason: plan.reason,
            at: Date.now(),
          })
          dropPlan(slot)
        },
      },
    )
  }

  return (
    <TitledPanel id="fork-title" title={t('sessions.checkpoints.fork.title')}>
      <p className="text-sm">{t('sessions.checkpoints.fork.intro')}</p>
      <p className="text-sm text-muted-foreground">{t('sessions.checkpoints.fork.notCopied')}</p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          if (canSend) start()
        }}
      >
        <Field label={t('sessions.checkpoints.fork.environment')}>
          {(control) => (
            <Select
              {...control}
              value={environmentId}
              disabled={!canWrite || isRetry}
              onChange={(event) => setEnvironmentId(event.target.value)}
            >
              <option value="">{t('sessions.checkpoints.fork.agentDefault')}</option>
              {(environments.data ?? [])
                .filter((environment) => environment.archivedAt === null || environment.id === environmentId)
                .map((environment) => (
                  <option key={environment.id} value={environment.id}>
                    {environmentWithType(environment)}
                  </option>
                ))}
            </Select>
          )}
        </Field>
        <Field label={t('sessions.checkpoints.fork.reason')}>
          {(control) => (
            <Textarea
              {...control}
              required
              rows={2}
              disabled={!canWrite || isRetry}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        {pending?.targetSessionId ? (
          <Notice tone="info">
            <RichText
              id="sessions.checkpoints.fork.pendingTarget"
              values={{ session: idText(pending.targetSessionId) }}
            />
          </Notice>
        ) : pending?.createSentAt ? (
          <Notice tone="info">{t('sessions.checkpoints.fork.pendingCreate')}</Notice>
        ) : null}
        {fork.isError ? (
          <FailureNotice
            error={fork.error}
            message={t('sessions.checkpoints.fork.failed', { error: fork.errorMessage ?? '' })}
          />
        ) : null}
        {fork.isSuccess ? (
          <Notice tone="success" role="status">
            <p>
              <RichText
                id="sessions.checkpoints.fork.done"
                values={{
                  session: (
                    <Link
                      to={`/sessions/${fork.data.targetSessionId}`}
                      className="font-mono text-xs underline"
                    >
                      {fork.data.targetSessionId}
                    </Link>
                  ),
                }}
              />
            </p>
            <p className="mt-1">
              <Link to={compareHref(fork.data.targetSessionId)} className="font-medium underline">
                {t('sessions.checkpoints.fork.compare')}
              </Link>
            </p>
          </Notice>
        ) : null}
        <div>
          <Button type="submit" disabled={!canSend}>
            {fork.isPending
              ? t('sessions.checkpoints.fork.submitting')
              : isRetry
                ? t('sessions.checkpoints.fork.retry')
                : t('sessions.checkpoints.fork.submit')}
          </Button>
        </div>
      </form>
    </TitledPanel>
  )
}
