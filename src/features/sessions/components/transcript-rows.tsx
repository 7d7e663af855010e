import { createContext, memo, Suspense, use, type ReactNode } from 'react'
import { InputEventLine, isInputEvent } from './input-event-line'
import { ActionCard } from './required-actions'
import { StatusBadge } from './status-badge'
import { ToolOutput } from './tool-output'
import type { PublicEvent } from '../models/event-store'
import { diagnoseFailure } from '../models/diagnose-failure'
import { failureLineNote, failureLines } from '../models/failure-lines'
import { budgetStopLabel } from './budget-text'
import { joinToolClaim, type ClaimContext } from '../models/join-tool-claims'
import { maskSecretsInText } from '../models/mask-secrets'
import { statusLabel } from '../models/status-label'
import { summarizeEvent } from '../models/summarize-event'
import { toolInputSummary } from '../models/tool-input-summary'
import { turnHeading } from '../models/turn-heading'
import type { ToolRecord } from '../models/tool-records'
import type {
  TranscriptAction,
  TranscriptError,
  TranscriptMessage,
  TranscriptRow,
  TranscriptTurn,
} from '../models/transcript-builder'
import { Markdown } from '@/components/markdown/markdown'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format-duration'
import { formatNumber } from '@/lib/format-number'
import { useNow } from '@/lib/use-now'

/** What every block needs besides its own data: the same for all rows, so rows stay memoised. */
export type TranscriptScope = {
  sessionId: string
  agentId: string | null
  environmentId: string | null
  environmentLabel: string
  claims: ClaimContext
  /** The session's environment answers 404 (deleted, or another namespace's). */
  isEnvironmentGone: boolean
  canWrite: boolean
  /** "Why isn't this running?" is on the page (a turn waits). */
  hasDiagnosis: boolean
  eventAt: (index: number) => PublicEvent | undefined
  /** A turn of the transcript (its tool calls), for the failure diagnosis of its error block. */
  turnOf: (turnId: string) => TranscriptTurn | undefined
  onSelect: (key: string) => void
  onToggle: (key: string) => void
}

export const TranscriptScopeContext = createContext<TranscriptScope | null>(null)

export function useTranscriptScope(): TranscriptScope {
  const scope = use(TranscriptScopeContext)
  if (!scope) throw new Error('Transcript rows need a TranscriptScopeContext')
  return scope
}

const linkClass = 'text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring'

function turnDuration(turn: TranscriptTurn): string | null {
  return turn.endedAt === null ? null : formatDuration(turn.endedAt - turn.firstAt)
}

function TurnHeader({ turn }: { turn: TranscriptTurn }) {
  const { t } = useT('sessions', 'sessions:transcript')
  const duration = turnDuration(turn)
  const { usage } = turn
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3 text-xs text-muted-foreground">
      <h3 className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere] text-foreground">
        {turnHeading(turn)}
      </h3>
      {turn.turnId !== null ? <span className="font-mono">{turn.turnId}</span> : null}
      {turn.status ? <StatusBadge status={turn.status} /> : null}
      {duration ? <span>{duration}</span> : null}
      {usage.modelCalls > 0 ? (
        <span aria-label={t('sessions.transcript.usageLabel')}>
          {t('sessions.transcript.usage', {
            calls: usage.modelCalls,
            input: formatNumber(usage.inputTokens),
            output: formatNumber(usage.outputTokens),
          })}
        </span>
      ) : null}
    </div>
  )
}

function MessageBlock({
  rowKey,
  message,
  isExpanded,
}: {
  rowKey: string
  message: TranscriptMessage
  isExpanded: boolean
}) {
  const { t } = useT('sessions', 'sessions:transcript')
  const { onToggle } = useTranscriptScope()
  const isUser = message.role === 'user'
  const text = maskSecretsInText(message.text).value
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-lg p-3',
        isUser ? 'ml-auto max-w-[85%] bg-accent text-accent-foreground' : 'bg-card',
      )}
    >
      <p className="text-xs font-medium text-muted-foreground">
        {isUser ? t('sessions.transcript.user') : t('sessions.transcript.assistant')}
        {message.isComplete ? null : (
          <span className="ml-2" role="status">
            {t('sessions.transcript.streaming')}
          </span>
        )}
      </p>
      {message.thinking ? (
        <div className="flex flex-col gap-1">
          <Button
            size="sm"
            variant="ghost"
            className="self-start"
            aria-expanded={isExpanded}
            onClick={() => onToggle(rowKey)}
          >
            {isExpanded ? t('sessions.transcript.hideThinking') : t('sessions.transcript.showThinking')}
          </Button>
          {isExpanded ? (
            <p className="border-l-2 border-border pl-3 text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-muted-foreground">
              {maskSecretsInText(message.thinking).value}
            </p>
          ) : null}
        </div>
      ) : null}
      {isUser ? (
        <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{text}</p>
      ) : text ? (
        <Markdown text={text} />
      ) : message.isComplete ? (
        <p className="text-xs text-muted-foreground">{t('sessions.transcript.noText')}</p>
      ) : null}
    </div>
  )
}

function toolDuration(record: ToolRecord): string | null {
  const start = record.requestedAt ?? record.dispatchedAt
  return start !== null && record.completedAt !== null ? formatDuration(record.completedAt - start) : null
}

/** Where a tool card leads: its record, its events, its work item, the environment's workers. */
export function toolLinks(record: ToolRecord, environmentId: string | null, workId: string | null) {
  return {
    record: `?tab=tools&tool=${encodeURIComponent(record.key)}`,
    events: `?tab=events&event=${encodeURIComponent(record.firstEventId)}`,
    work:
      environmentId !== null && workId !== null
        ? `/environments/${encodeURIComponent(environmentId)}?tab=workers&work=${encodeURIComponent(workId)}`
        : null,
    workers: environmentId !== null ? `/environments/${encodeURIComponent(environmentId)}?tab=workers` : null,
  }
}

function ToolCard({
  rowKey,
  record,
  isExpanded,
}: {
  rowKey: string
  record: ToolRecord
  isExpanded: boolean
}) {
  const { t } = useT('sessions', 'sessions:transcript')
  const scope = useTranscriptScope()
  const claim = joinToolClaim(record, scope.claims)
  const duration = toolDuration(record)
  const summary = toolInputSummary(record.name, record.input)
  const links = toolLinks(record, scope.environmentId, claim.workItem?.id ?? null)
  const worker = claim.servedFrom
    ? t('sessions.transcript.servedBySession', { worker: claim.workerId ?? '', work: claim.servedFrom.id })
    : claim.workerId
      ? t('sessions.transcript.claimedBy', { worker: claim.workerId })
      : claim.workItem
        ? t('sessions.toolCard.notClaimed')
        : scope.isEnvironmentGone
          ? // Where it ran (or would) is not known any more; a pending call will not run at all.
            record.isComplete
            ? t('sessions.transcript.environmentGone')
            : t('sessions.transcript.environmentGonePending')
          : scope.claims.isSelfHosted
            ? t('sessions.transcript.noWorkItem')
            : t('sessions.transcript.inBackend')
  const panelId = `transcript-tool-${record.key.replace(/[^\w-]/g, '_')}`
  // The entry around the card is the article named after the call.
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-md border bg-card p-2 text-xs',
        record.isError ? 'border-destructive/40' : 'border-border',
      )}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => scope.onToggle(rowKey)}
          className="font-mono font-semibold"
        >
          <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
          {record.name}
        </Button>
        <span className="min-w-0 flex-1 truncate font-mono text-muted-foreground" title={summary}>
          {summary}
        </span>
        <StatusBadge status={record.status} />
        {record.confirmation ? (
          <Badge tone="warning">
            {t('sessions.toolCard.confirmation', { status: statusLabel(record.confirmation.status) })}
          </Badge>
        ) : null}
        <span>{duration ?? (record.isComplete ? '—' : statusLabel('running'))}</span>
      </div>
      {/* Where the call ran comes from the server (the environment, its work items), not the log. */}
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground" data-server-context="">
        <span>{scope.environmentLabel}</span>
        <span className="font-mono">{worker}</span>
      </p>
      {isExpanded ? (
        <div id={panelId} className="flex flex-col gap-2">
          <nav
            aria-label={t('sessions.transcript.toolLinks', { name: record.name, id: record.toolCallId })}
            className="flex flex-wrap gap-3"
          >
            <Link className={linkClass} to={links.record}>
              {t('sessions.transcript.openRecord')}
            </Link>
            <Link className={linkClass} to={links.events}>
              {t('sessions.toolCard.showInEvents')}
            </Link>
            {links.work ? (
              <Link className={linkClass} to={links.work}>
                {t('sessions.transcript.openWork', { work: claim.workItem?.id ?? '' })}
              </Link>
            ) : null}
            {links.workers && scope.claims.isSelfHosted ? (
              <Link className={linkClass} to={links.workers}>
                {t('sessions.transcript.openWorkers')}
              </Link>
            ) : null}
          </nav>
          <ToolOutput record={record} steps={claim.steps} />
        </div>
      ) : null}
    </div>
  )
}

function ActionBlock({ action }: { action: TranscriptAction }) {
  const { t } = useT('sessions', 'sessions:transcript')
  const scope = useTranscriptScope()
  if (action.status === 'created' && action.turnId !== null) {
    return (
      <ul aria-label={t('sessions.transcript.actionOpen')}>
        <ActionCard
          sessionId={scope.sessionId}
          canWrite={scope.canWrite}
          action={{
            requestId: action.requestId,
            turnId: action.turnId,
            kind: action.kind,
            toolName: action.toolName,
            toolInput: action.toolInput,
            createdEventId: action.firstEventId,
            createdAt: action.createdAt,
          }}
        />
      </ul>
    )
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <span>
        {action.kind === 'confirmation'
          ? t('sessions.transcript.actionConfirmation', { tool: action.toolName ?? '' })
          : t('sessions.transcript.actionResult', { tool: action.toolName ?? '' })}
      </span>
      <StatusBadge status={action.status} />
      {action.status === 'rejected' ? <span>{t('sessions.transcript.actionRejected')}</span> : null}
      {action.reason ? <span>{maskSecretsInText(action.reason).value}</span> : null}
    </p>
  )
}

function FailureDiagnosisView({
  id,
  error,
  turnId,
}: {
  id: string
  error: TranscriptError
  turnId: string | null
}) {
  const { t } = useT('sessions', 'sessions:transcript')
  const scope = useTranscriptScope()
  const now = useNow()
  const turn = turnId === null ? undefined : scope.turnOf(turnId)
  const diagnosis = diagnoseFailure({
    now,
    agentId: scope.agentId,
    environmentId: scope.environmentId,
    problems: error.problems,
    tools: turn?.tools ?? [],
    claims: scope.claims,
  })
  const message = diagnosis.message === null ? null : maskSecretsInText(diagnosis.message).value
  return (
    <section
      id={id}
      aria-label={t('sessions.failure.heading')}
      className="flex flex-col gap-2 border-t border-destructive/30 pt-2 text-xs"
    >
      <p className="[overflow-wrap:anywhere]">
        {diagnosis.code !== null
          ? t('sessions.failure.serverSaid', { code: diagnosis.code, message: message ?? '' })
          : message !== null
            ? t('sessions.failure.serverSaidNoCode', { message })
            : t('sessions.failure.serverSaidNothing')}
        {diagnosis.isFinal ? ` ${t('sessions.failure.final')}` : ''}
      </p>
      <ul className="flex flex-col gap-2">
        {diagnosis.causes.map((cause, index) => (
          <li key={`${cause.code}-${index}`} className="flex flex-col gap-0.5">
            <p className="font-medium">{cause.title}</p>
            <p className="[overflow-wrap:anywhere] text-muted-foreground">
              {maskSecretsInText(cause.detail).value}
            </p>
            {cause.fix ? (
              <Link className={linkClass} to={cause.fix.href}>
                {cause.fix.label}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The limit that stopped the turn, in words (its strings load with the first such block). */
function BudgetStopLine({ limit }: { limit: string }) {
  const { t } = useT('sessions', 'sessions:transcript', 'sessions:budget')
  return (
    <p className="text-sm">
      {t('sessions.budget.transcript', { limit: budgetStopLabel(limit) })}{' '}
      <a className={linkClass} href="#stall-diagnosis">
        {t('sessions.transcript.whyNotRunning')}
      </a>
    </p>
  )
}

function ErrorBlock({
  rowKey,
  error,
  turnId,
  isExpanded,
}: {
  rowKey: string
  error: TranscriptError
  turnId: string | null
  isExpanded: boolean
}) {
  const { t } = useT('sessions', 'sessions:transcript')
  const scope = useTranscriptScope()
  const first = error.problems[0]
  const budgetLimit = error.problems.find((problem) => problem.budgetLimit)?.budgetLimit
  const panelId = `transcript-failure-${rowKey.replace(/[^\w-]/g, '_')}`
  return (
    <div
      role="group"
      aria-label={t('sessions.transcript.errorLabel')}
      className="flex flex-col gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <p className="font-medium text-destructive">{t('sessions.transcript.errorTitle')}</p>
      {budgetLimit ? (
        // The budget's strings load with the first such block; the block does not wait for them.
        <Suspense fallback={null}>
          <BudgetStopLine limit={budgetLimit} />
        </Suspense>
      ) : null}
      <ul className="flex flex-col gap-0.5 text-xs">
        {failureLines(error.problems).map((line) => (
          <li key={line.eventId} className="[overflow-wrap:anywhere]">
            {line.message ? <span>{maskSecretsInText(line.message).value} </span> : null}
            <span className="block text-muted-foreground">{failureLineNote(line)}</span>
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap items-center gap-3 text-xs">
        <Button
          variant="link"
          size="inline"
          className="text-xs"
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => scope.onToggle(rowKey)}
        >
          <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
          {t('sessions.failure.show')}
        </Button>
        {scope.hasDiagnosis ? (
          <a className={linkClass} href="#stall-diagnosis">
            {t('sessions.transcript.whyNotRunning')}
          </a>
        ) : null}
        {first ? (
          <Link className={linkClass} to={`?tab=events&event=${encodeURIComponent(first.eventId)}`}>
            {t('sessions.toolCard.showInEvents')}
          </Link>
        ) : null}
      </p>
      {isExpanded ? <FailureDiagnosisView id={panelId} error={error} turnId={turnId} /> : null}
    </div>
  )
}

function NeutralRow({ eventIndex }: { eventIndex: number }) {
  const scope = useTranscriptScope()
  const event = scope.eventAt(eventIndex)
  if (!event) return null
  if (isInputEvent(event)) return <InputEventLine event={event} />
  return (
    <p className="flex min-w-0 items-center gap-2 px-1 text-xs text-muted-foreground">
      <span className="shrink-0 rounded border border-border px-1 font-mono">{event.type}</span>
      <span className="min-w-0 truncate">{summarizeEvent(event)}</span>
    </p>
  )
}

type RowProps = {
  row: TranscriptRow
  /** The row's revision: a change re-renders this block alone (rows are mutated in place). */
  rev: number
  /** The entry's name (its article's), which its select button's name repeats. */
  label: string
  isSelected: boolean
  isExpanded: boolean
}

/** One block of the transcript, selectable; re-rendered only when its revision or state moves. */
export const TranscriptRowView = memo(function TranscriptRowView({
  row,
  label,
  isSelected,
  isExpanded,
}: RowProps) {
  const { t } = useT('sessions', 'sessions:transcript')
  const scope = useTranscriptScope()
  let body: ReactNode
  switch (row.kind) {
    case 'turn':
      body = <TurnHeader turn={row.turn} />
      break
    case 'message':
      body = <MessageBlock rowKey={row.key} message={row.message} isExpanded={isExpanded} />
      break
    case 'tool':
      body = <ToolCard rowKey={row.key} record={row.record} isExpanded={isExpanded || isSelected} />
      break
    case 'action':
      body = <ActionBlock action={row.action} />
      break
    case 'error':
      body = <ErrorBlock rowKey={row.key} error={row.error} turnId={row.turnId} isExpanded={isExpanded} />
      break
    case 'event':
      body = <NeutralRow eventIndex={row.eventIndex} />
      break
  }
  return (
    <div
      className={cn('relative rounded-lg py-1 pr-1 pl-6', isSelected && 'bg-accent/40 ring-2 ring-ring')}
      aria-current={isSelected ? 'true' : undefined}
    >
      {/* In the text colour's muted tone at rest, not faded: 4.5:1 or more in both themes. */}
      <button
        type="button"
        className="absolute top-1 left-0 size-6 rounded text-xs text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={t('sessions.transcript.selectEntry', { entry: label })}
        aria-pressed={isSelected}
        onClick={() => scope.onSelect(row.key)}
      >
        <span aria-hidden="true">#</span>
      </button>
      {body}
    </div>
  )
})
