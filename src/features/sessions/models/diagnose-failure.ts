import { asClause } from './failure-lines'
import { joinToolClaim, type ClaimContext } from './join-tool-claims'
import type { ToolRecord } from './tool-records'
import { isStaleClaim } from '@/data/work/worker-presence'
import { t } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'

/** One error event of the failed turn, as the transcript read it. */
export type FailureProblem = {
  type: string
  code: string | null
  message: string | null
  /** `retry_status` of the server's error detail (`not_retrying` upstream). */
  retryStatus?: string | null
  eventId: string
}

export type FailureCauseCode =
  | 'tool_failed'
  | 'claim_stale'
  | 'claim_released'
  | 'tool_unfinished'
  | 'model_call_failed'
  | 'turn_failed'
  | 'interrupted'
  | 'environment_refused'
  | 'unknown'

export type FailureCause = {
  code: FailureCauseCode
  title: string
  detail: string
  /** What the operator can do, and where. */
  fix?: { label: string; href: string }
}

export type FailureInput = {
  now: number
  agentId: string | null
  environmentId: string | null
  problems: readonly FailureProblem[]
  /** The failed turn's tool calls. */
  tools: readonly ToolRecord[]
  claims: ClaimContext
}

export type FailureDiagnosis = {
  /** The error code and message the server sent (first of the turn's error events that has one). */
  code: string | null
  message: string | null
  /** The server said it will not retry the turn. */
  isFinal: boolean
  causes: FailureCause[]
}

/** Longer tool output is cut here: the diagnosis names the failure, the card shows all of it. */
const OUTPUT_PREVIEW = 200

function firstLine(text: string): string {
  const line = (text.split(/\r?\n/).find((part) => part.trim() !== '') ?? '').trim()
  return line.length > OUTPUT_PREVIEW ? `${line.slice(0, OUTPUT_PREVIEW - 1)}…` : line
}

function workItemHref(environmentId: string, workId: string): string {
  return `/environments/${encodeURIComponent(environmentId)}?tab=workers&work=${encodeURIComponent(workId)}`
}

const recordHref = (record: ToolRecord) => `?tab=tools&tool=${encodeURIComponent(record.key)}`

function toolCauses(input: FailureInput): FailureCause[] {
  const causes: FailureCause[] = []
  // An error the agent moved past (a later call of the turn succeeded) did not end the turn.
  const lastSuccess = Math.max(
    -1,
    ...input.tools
      .filter((record) => record.isComplete && !record.isError)
      .map((record) => record.completedAt ?? -1),
  )
  for (const record of input.tools) {
    if (record.isComplete && !record.isError) continue
    if (record.isError && (record.completedAt ?? -1) < lastSuccess) continue
    const claim = joinToolClaim(record, input.claims)
    const item = claim.workItem
    const worker = claim.workerId
    const workFix =
      item && input.environmentId
        ? {
            label: t('sessions.failure.openWorkItem', { work: item.id }),
            href: workItemHref(input.environmentId, item.id),
          }
        : undefined
    if (record.isError) {
      const output = firstLine(record.output)
      causes.push({
        code: 'tool_failed',
        title: t('sessions.failure.toolFailed.title', { tool: record.name }),
        detail:
          item && worker
            ? t('sessions.failure.toolFailed.detailWorker', {
                tool: record.name,
                call: record.toolCallId,
                worker,
                work: item.id,
                output: output || '—',
              })
            : t('sessions.failure.toolFailed.detailBackend', {
                tool: record.name,
                call: record.toolCallId,
                output: output || '—',
              }),
        fix: { label: t('sessions.failure.openRecord'), href: recordHref(record) },
      })
      continue
    }
    // The call never got a result before the turn failed: where was it?
    if (item && worker && isStaleClaim(item, input.now)) {
      causes.push({
        code: 'claim_stale',
        title: t('sessions.failure.claimStale.title', { worker }),
        detail: t('sessions.failure.claimStale.detail', {
          worker,
          work: item.id,
          tool: record.name,
          duration: formatDuration(Math.max(0, input.now - item.updatedAt)),
        }),
        ...(workFix ? { fix: workFix } : {}),
      })
    } else if (item && (item.status === 'stopped' || item.status === 'stopping')) {
      causes.push({
        code: 'claim_released',
        title: t('sessions.failure.claimReleased.title', { tool: record.name }),
        detail: worker
          ? t('sessions.failure.claimReleased.detailWorker', { worker, work: item.id, tool: record.name })
          : t('sessions.failure.claimReleased.detail', { work: item.id, tool: record.name }),
        ...(workFix ? { fix: workFix } : {}),
      })
    } else {
      causes.push({
        code: 'tool_unfinished',
        title: t('sessions.failure.toolUnfinished.title', { tool: record.name }),
        detail: item
          ? worker
            ? t('sessions.failure.toolUnfinished.detailClaimed', { worker, work: item.id })
            : t('sessions.failure.toolUnfinished.detailQueued', { work: item.id })
          : t('sessions.failure.toolUnfinished.detail', { call: record.toolCallId }),
        fix: workFix ?? { label: t('sessions.failure.openRecord'), href: recordHref(record) },
      })
    }
  }
  return causes
}

function mentions(text: string | null, ...words: string[]): boolean {
  const lower = (text ?? '').toLowerCase()
  return words.every((word) => lower.includes(word))
}

/**
 * The cause the server's own error names. Upstream's runner fails a turn with `model_call_failed`
 * (the agent's run raised: the model call, or a tool inside it), `turn_failed` (the turn could not
 * be run) or `interrupted`, in `session.error {error:{type, code, message, retry_status}}`, and
 * releases the session's work-queue claim. Other servers send `error_code` on `turn.failed`.
 */
function serverCause(input: FailureInput, code: string | null, message: string | null): FailureCause | null {
  const agentFix = input.agentId
    ? {
        label: t('sessions.failure.openAgent'),
        href: `/agents/${encodeURIComponent(input.agentId)}?tab=runtime`,
      }
    : undefined
  const environmentFix = { label: t('sessions.failure.openEnvironment'), href: '?tab=environment' }
  // The templates end the sentence themselves.
  const said = message === null ? t('sessions.failure.noMessage') : asClause(message)
  if (
    mentions(message, 'local', 'disabled') ||
    mentions(message, 'sandbox', 'credential') ||
    // Upstream's agent build: `400 BAD_REQUEST "sandbox environments require an E2B API key …"`.
    mentions(message, 'e2b', 'key') ||
    mentions(message, 'environment', 'not found')
  )
    return {
      code: 'environment_refused',
      title: t('sessions.failure.environmentRefused.title'),
      detail: t('sessions.failure.environmentRefused.detail', { message: said }),
      fix: environmentFix,
    }
  if (code === 'interrupted')
    return {
      code: 'interrupted',
      title: t('sessions.failure.interrupted.title'),
      detail: t('sessions.failure.interrupted.detail', { message: said }),
    }
  if (code === 'turn_failed')
    return {
      code: 'turn_failed',
      title: t('sessions.failure.turnFailed.title'),
      detail: t('sessions.failure.turnFailed.detail', { message: said }),
      fix: environmentFix,
    }
  if (code !== null && code.toLowerCase().includes('model'))
    return {
      code: 'model_call_failed',
      title: t('sessions.failure.modelFailed.title', { code }),
      detail: t('sessions.failure.modelFailed.detail', { code, message: said }),
      ...(agentFix ? { fix: agentFix } : {}),
    }
  return null
}

/**
 * Why a turn failed: what the server said (its error code and message), which tool call and work
 * item were involved and which worker held it, whether that claim was released or went stale, or
 * whether the model's call failed, and what the operator can do about each. Tool causes come
 * first (they are the most specific), then the cause the server's error names.
 */
export function diagnoseFailure(input: FailureInput): FailureDiagnosis {
  const code = input.problems.find((problem) => problem.code)?.code ?? null
  const message = input.problems.find((problem) => problem.message)?.message ?? null
  const isFinal = input.problems.some((problem) => problem.retryStatus === 'not_retrying')
  const causes = toolCauses(input)
  const fromServer = serverCause(input, code, message)
  if (fromServer) causes.push(fromServer)
  if (causes.length === 0)
    causes.push({
      code: 'unknown',
      title: t('sessions.failure.unknown.title'),
      detail: code
        ? t('sessions.failure.unknown.detailCode', {
            code,
            message: message === null ? t('sessions.failure.noMessage') : asClause(message),
          })
        : t('sessions.failure.unknown.detail'),
    })
  return { code, message, isFinal, causes }
}
