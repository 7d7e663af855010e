import { useQuery } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { budgetQuery, isBudgetConflict, useRaiseAndResume } from '@/data/sessions/budget'
import { budgetExceededData, isBudgetStop } from '@/data/sessions/decode-budget'
import type { Turn } from '@/data/sessions/types'
import { useT } from '@/i18n'
import { formatNumber } from '@/lib/format-number'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { raisedLimits } from '../models/budget-form'
import type { EventStore } from '../models/event-store'
import { budgetStopLabel, limitsText, usageCost } from './budget-text'

/** turn id → the limit its last `budget.exceeded` named. */
const selectBudgetStops = (store: EventStore) => {
  const stops = new Map<string, string>()
  for (const event of store.all()) {
    const stop = budgetExceededData(event)
    if (stop?.turnId) stops.set(stop.turnId, stop.limit)
  }
  return stops
}

/**
 * Beside the stall diagnosis: when the latest turn failed because the session tree's budget refused
 * a model call, names the limit and offers the one guarded fix — change that limit and resume the
 * turn (upstream never resumes it by itself). Reads the log only for a failed turn.
 */
export function BudgetStopNotice(props: {
  sessionId: string
  turn: Turn
  log: SessionEventLog
  canWrite: boolean
}) {
  // Its strings load with the first such turn: meanwhile nothing, rather than the page's loading state.
  return props.turn.status === 'failed' ? (
    <Suspense fallback={null}>
      <FailedTurnBudget {...props} />
    </Suspense>
  ) : null
}

function FailedTurnBudget({
  sessionId,
  turn,
  log,
  canWrite,
}: {
  sessionId: string
  turn: Turn
  log: SessionEventLog
  canWrite: boolean
}) {
  const limit = useEventLog(log.store, selectBudgetStops).get(turn.id)
  return limit ? (
    <StoppedByBudget sessionId={sessionId} turn={turn} limit={limit} canWrite={canWrite} />
  ) : null
}

function StoppedByBudget({
  sessionId,
  turn,
  limit,
  canWrite,
}: {
  sessionId: string
  turn: Turn
  limit: string
  canWrite: boolean
}) {
  const { t } = useT('sessions:budget')
  const budget = useQuery(budgetQuery(sessionId))
  const [isConfirming, setIsConfirming] = useState(false)
  const raise = useRaiseAndResume(sessionId)
  const isFailClosed = limit === 'usage_unavailable' || limit === 'pricing_unavailable'
  const proposal = budget.data && isBudgetStop(limit) ? raisedLimits(budget.data, limit) : null
  const what =
    limit === 'usage_unavailable'
      ? t('sessions.budget.limit.max_total_tokens')
      : limit === 'pricing_unavailable'
        ? t('sessions.budget.limit.max_cost')
        : budgetStopLabel(limit)

  return (
    <Notice
      tone="warning"
      title={t('sessions.budget.stop.title', { turn: turn.id })}
      className="mt-3"
      data-budget-stop={limit}
    >
      <p>{t('sessions.budget.stop.body', { limit: budgetStopLabel(limit) })}</p>
      {budget.data ? (
        <p className="mt-1 text-xs text-muted-foreground">
          {t('sessions.budget.stop.used', {
            calls: formatNumber(budget.data.usage.modelCalls),
            tokens: formatNumber(budget.data.usage.totalTokens),
            cost: usageCost(budget.data.usage),
          })}
        </p>
      ) : null}
      <p className="mt-1">{t('sessions.budget.stop.noResume')}</p>
      <p className="mt-2 flex flex-wrap items-center gap-3">
        {canWrite && proposal && budget.data ? (
          <Button size="sm" variant="primary" onClick={() => setIsConfirming(true)}>
            {isFailClosed
              ? t('sessions.budget.stop.remove', { what })
              : t('sessions.budget.stop.raise', { what })}
          </Button>
        ) : null}
        <Link to="?tab=budget" className="text-primary underline">
          {t('sessions.budget.stop.openBudget')}
        </Link>
      </p>
      {proposal && budget.data ? (
        <ConfirmationDialog
          open={isConfirming}
          onOpenChange={setIsConfirming}
          title={t('sessions.budget.stop.confirmTitle', { turn: turn.id })}
          body={t('sessions.budget.stop.confirmBody', { turn: turn.id })}
          confirmLabel={t('sessions.budget.stop.confirm')}
          explainError={(error) =>
            isBudgetConflict(error)
              ? t('sessions.budget.editor.conflict.body', {
                  seen: error.seen.revision,
                  current: error.current.revision,
                  limits: limitsText(error.current.limits),
                })
              : errorMessage(error)
          }
          onConfirm={() =>
            raise.mutateAsync({
              limits: proposal,
              seen: budget.data,
              turnId: turn.id,
            })
          }
        >
          <p>{t('sessions.budget.stop.newLimits', { limits: limitsText(proposal) })}</p>
        </ConfirmationDialog>
      ) : null}
    </Notice>
  )
}
