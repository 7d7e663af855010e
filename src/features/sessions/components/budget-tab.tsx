import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isApiError } from '@/api/api-error'
import { FamilyUnavailable } from '@/components/ui/family-unavailable'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { budgetQuery } from '@/data/sessions/budget'
import type { Budget } from '@/data/sessions/decode-budget'
import { turnsQuery } from '@/data/sessions/queries'
import { useFamilyStatus } from '@/data/server/queries'
import { useT } from '@/i18n'
import { formatNumber } from '@/lib/format-number'
import { BudgetEditor } from './budget-editor'
import { formatCost, usageCost } from './budget-text'

type ConfigT = ReturnType<typeof useT>['t']

function used(t: ConfigT, value: string, limit: string | null): string {
  return limit === null
    ? t('sessions.budget.usage.noLimit', { used: value })
    : t('sessions.budget.usage.ofLimit', { used: value, limit })
}

/** Limits against what the session tree used, with the calls not counted yet or not priced. */
function UsageList({ budget }: { budget: Budget }) {
  const { t } = useT('sessions:budget')
  const { limits, usage } = budget
  const rows: { label: string; value: string; hint?: string }[] = [
    {
      label: t('sessions.budget.usage.modelCalls'),
      value: used(
        t,
        formatNumber(usage.modelCalls),
        limits.maxModelCalls === null ? null : formatNumber(limits.maxModelCalls),
      ),
    },
    {
      label: t('sessions.budget.usage.tokens'),
      value: used(
        t,
        formatNumber(usage.totalTokens),
        limits.maxTotalTokens === null ? null : formatNumber(limits.maxTotalTokens),
      ),
    },
    {
      label: t('sessions.budget.usage.cost'),
      value:
        used(
          t,
          usageCost(usage),
          limits.maxCost === null ? null : formatCost(limits.maxCost, limits.currency),
        ) +
        (usage.isCostComplete
          ? ''
          : ` — ${t('sessions.budget.usage.costIncomplete', { count: usage.unpricedCalls })}`),
    },
    {
      label: t('sessions.budget.usage.inFlight'),
      value: formatNumber(usage.inFlightCalls),
      hint: t('sessions.budget.usage.inFlightHint'),
    },
    {
      label: t('sessions.budget.usage.unreported'),
      value: formatNumber(usage.unreportedCalls),
      hint: t('sessions.budget.usage.unreportedHint'),
    },
    {
      label: t('sessions.budget.usage.unpriced'),
      value: formatNumber(usage.unpricedCalls),
      hint: t('sessions.budget.usage.unpricedHint'),
    },
  ]
  return (
    <section aria-labelledby="budget-usage-title" className="flex flex-col gap-2">
      <h3 id="budget-usage-title" className="text-sm font-semibold">
        {t('sessions.budget.usage.heading')}
      </h3>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium">{row.label}</dt>
            <dd data-budget-row={row.label} className="tabular-nums">
              {row.value}
              {row.hint ? <span className="block text-xs text-muted-foreground">{row.hint}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/**
 * The fail-closed states, before they bite: unreported usage stops every call under a token
 * limit (`usage_unavailable`), an unpriced call every call under a cost limit (`pricing_unavailable`).
 */
function FailClosedNotice({ budget }: { budget: Budget }) {
  const { t } = useT('sessions:budget')
  const { limits, usage } = budget
  const lines: string[] = []
  if (usage.unreportedCalls > 0) {
    lines.push(
      limits.maxTotalTokens !== null
        ? t('sessions.budget.failClosed.usageUnavailable', { count: usage.unreportedCalls })
        : t('sessions.budget.failClosed.usageUnavailableIdle', { count: usage.unreportedCalls }),
    )
  }
  if (
    !usage.isCostComplete ||
    (limits.maxCost !== null &&
      limits.currency !== null &&
      usage.currency !== null &&
      usage.currency !== limits.currency)
  ) {
    lines.push(
      limits.maxCost !== null
        ? t('sessions.budget.failClosed.pricingUnavailable')
        : t('sessions.budget.failClosed.pricingUnavailableIdle', { count: usage.unpricedCalls }),
    )
  }
  if (lines.length === 0) return null
  const isBiting = limits.maxTotalTokens !== null || limits.maxCost !== null
  return (
    <Notice tone={isBiting ? 'warning' : 'info'} title={t('sessions.budget.failClosed.title')}>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Notice>
  )
}

/**
 * The Budget tab: the session tree's limits against its usage, live while a turn runs, why the
 * server may refuse every further call, and the editor. A server without the route says so.
 */
export function BudgetTab({
  sessionId,
  canWrite,
  canAct,
}: {
  sessionId: string
  canWrite: boolean
  canAct: boolean
}) {
  const { t } = useT('sessions:budget')
  const family = useFamilyStatus('budget')
  const turns = useQuery(turnsQuery(sessionId))
  const isRunning = (turns.data ?? []).some((turn) => turn.status === 'running' || turn.status === 'queued')
  const budget = useQuery({ ...budgetQuery(sessionId, isRunning), enabled: family !== 'absent' })
  // A turn that starts, ends or fails moved the ledger (its last settlement may follow the last poll).
  const turnStates = (turns.data ?? []).map((turn) => `${turn.id}:${turn.status}`).join(',')
  const { refetch } = budget
  useEffect(() => {
    if (turnStates !== '') void refetch()
  }, [turnStates, refetch])

  if (family === 'absent' || (isApiError(budget.error) && budget.error.status === 404))
    return <FamilyUnavailable family="budget" />
  if (budget.isPending) return <LoadingState label={t('sessions.budget.loading')} />
  if (budget.isError) {
    return (
      <QueryErrorState
        title={t('sessions.budget.loadError')}
        error={budget.error}
        onRetry={() => void budget.refetch()}
      />
    )
  }
  return (
    <section aria-labelledby="budget-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="budget-title" className="text-base font-semibold">
          {t('sessions.budget.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('sessions.budget.intro')}</p>
        <p className="text-xs text-muted-foreground">
          {t('sessions.budget.revision', { revision: budget.data.revision })} —{' '}
          {t('sessions.budget.revisionNote')}
        </p>
      </div>
      <UsageList budget={budget.data} />
      <FailClosedNotice budget={budget.data} />
      {!canWrite ? <Notice tone="info">{t('sessions.budget.editor.viewer')}</Notice> : null}
      {canWrite && !canAct ? <Notice tone="info">{t('sessions.budget.editor.archived')}</Notice> : null}
      {/* Refilled from the server only when opened again or after a conflict, never under the user's typing. */}
      <BudgetEditor sessionId={sessionId} budget={budget.data} canWrite={canAct} />
    </section>
  )
}
