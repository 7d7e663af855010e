import { decodeEnvelopes, decodeTurn, decodeUsage } from './decode-session'
import type { Session, Turn, Usage } from './types'
import { expectRecord, malformedField } from '@/api/response-guards'
import { isRecord, readText, readTime } from '@/lib/read-fields'

/** One child of a session, from the newest `subagent.*` envelope its parent logged. */
export type Subagent = {
  childId: string
  /** The task the parent gave it (`taskId`); null when the server sent none. */
  taskId: string | null
  /** `running`, `completed`, …: the server's words, not enumerated upstream. */
  status: string
  turnId: string | null
  runId: string | null
  /** When the parent logged the newest event about it. */
  updatedAt: number | null
}

export type SubagentList = { children: Subagent[]; asOf: string }

function requireAsOf(record: Record<string, unknown>, what: string): string {
  const asOf = readText(record.as_of)
  if (asOf === null) throw malformedField(what, 'as_of')
  return asOf
}

/** `{data: [envelope], as_of}` of `{S}/subagents`; entries without a child id are dropped. */
export function decodeSubagentList(value: unknown, what = 'subagents'): SubagentList {
  const record = expectRecord(value, what)
  const children = decodeEnvelopes(record.data).flatMap((envelope): Subagent[] => {
    const childId = readText(envelope.data.childSessionId)
    if (childId === null) return []
    return [
      {
        childId,
        taskId: readText(envelope.data.taskId),
        status:
          readText(envelope.data.status) ??
          (envelope.type === 'subagent.completed' ? 'completed' : 'running'),
        turnId: readText(envelope.data.turn_id),
        runId: readText(envelope.data.run_id),
        updatedAt: envelope.created_at ?? null,
      },
    ]
  })
  return { children, asOf: requireAsOf(record, what) }
}

/**
 * A child's `/turns` view: turn envelopes (`turn.updated`, its data the turn's state), not the
 * control plane's turn list; decoded into the console's turns, each of the child's session.
 */
export function decodeChildTurns(value: unknown, childId: string, what = 'child turns'): Turn[] {
  const record = expectRecord(value, what)
  return decodeEnvelopes(record.data).flatMap((envelope): Turn[] => {
    const id = readText(envelope.data.turn_id)
    if (id === null) return []
    const createdAt = readTime(envelope.data.accepted_at) ?? envelope.created_at ?? 0
    try {
      return [
        decodeTurn(
          { id, status: envelope.data.status, createdAt, errorCode: envelope.data.error_code ?? null },
          what,
          childId,
        ),
      ]
    } catch {
      // A status this console does not know: shown in the child's log, not as a turn.
      return []
    }
  })
}

/**
 * `{S}/usage?include_children=true`: the tree's sums and one watermark per session. Each session
 * is read on its own, so the figures are per session, not one atomic picture of the tree.
 */
export type TreeUsage = { usage: Usage; watermarks: Record<string, string>; asOf: string }

export function decodeTreeUsage(value: unknown, what = 'usage'): TreeUsage {
  const record = expectRecord(value, what)
  const data = isRecord(record.data) ? record.data : {}
  const raw = isRecord(data.session_watermarks) ? data.session_watermarks : {}
  const watermarks: Record<string, string> = {}
  for (const [id, cursor] of Object.entries(raw)) {
    const text = readText(cursor)
    if (text !== null) watermarks[id] = text
  }
  return { usage: decodeUsage(data), watermarks, asOf: requireAsOf(record, what) }
}

/**
 * A child as the session views take it. Upstream serves no session record for a child (its
 * snapshot names it `{id, parent_session_id}` only), so it has no agent or environment here; the
 * task is its title, so no view asks the session routes for a child's first message.
 */
export function childSessionOf(childId: string, entry: Subagent | undefined, createdAt = 0): Session {
  const session: Session & { title: string } = {
    id: childId,
    agentId: '',
    status: entry?.status ?? 'unknown',
    createdAt,
    updatedAt: entry?.updatedAt ?? createdAt,
    title: entry?.taskId ?? childId,
  }
  return session
}
