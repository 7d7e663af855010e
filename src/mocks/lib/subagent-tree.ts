import type { components } from '@/api/schema.gen'
import type { MockDb, SessionRecord } from '../db/types'
import { deriveSessionViews } from './session-views'

type Schemas = components['schemas']

/** Upstream stops a traversal past this many descendants (409 "Child traversal limit exceeded"). */
export const MAX_DESCENDANTS = 256

/** The children each log names so far, and how many of its events were read for them. */
const namedChildren = new WeakMap<SessionRecord, { first: unknown; read: number; ids: string[] }>()

/**
 * The child session ids a log's `subagent.*` events name, in order of first mention. Logs only
 * grow, so each call reads just the events appended since the last: every child route walks the
 * whole tree, and fifty children of 1,000 events each would otherwise be 50,000 events a request.
 */
function childIdsInLog(log: SessionRecord): readonly string[] {
  let seen = namedChildren.get(log)
  // A log cut at its front (retention) or replaced is read again from the start, so a child whose
  // events were all dropped is no longer linked, as before.
  if (!seen || seen.first !== log.events[0] || seen.read > log.events.length) {
    seen = { first: log.events[0], read: 0, ids: [] }
    namedChildren.set(log, seen)
  }
  for (; seen.read < log.events.length; seen.read += 1) {
    const event = log.events[seen.read]!
    if (!event.type.startsWith('subagent.')) continue
    const id = event.data.childSessionId
    if (typeof id === 'string' && !seen.ids.includes(id)) seen.ids.push(id)
  }
  return seen.ids
}

/**
 * Every sub-agent session linked below `root`, at any depth, in discovery order, as upstream's
 * SessionNativeLogService.descendants resolves them: only children a parent's own log records
 * (`subagent.started` naming `childSessionId`), never an arbitrary session id.
 */
export function descendants(db: MockDb, root: SessionRecord): Map<string, SessionRecord> | 'too_many' {
  const found = new Map<string, SessionRecord>()
  const pending: SessionRecord[] = [root]
  while (pending.length > 0) {
    const log = pending.shift()
    if (!log) break
    for (const id of childIdsInLog(log)) {
      if (id === root.session.id || found.has(id)) continue
      const child = db.subagentSessions.get(id)
      if (!child) continue
      if (found.size >= MAX_DESCENDANTS) return 'too_many'
      found.set(id, child)
      pending.push(child)
    }
  }
  return found
}

/**
 * `usage` with `include_children=true`, as SessionUsageService.read sums it: the totals and model
 * calls of the session and each descendant, every model entry tagged with its `session_id`, and
 * one watermark per session, each read on its own (not one atomic picture of the tree).
 */
export function treeUsage(records: SessionRecord[]): {
  usage: Schemas['Usage']
  watermarks: Record<string, string>
} {
  const totals: Record<string, number> = {}
  const models: Record<string, unknown>[] = []
  const watermarks: Record<string, string> = {}
  let estimatedCost = 0
  let unpricedCalls = 0
  let modelCalls = 0
  for (const record of records) {
    const { usage, asOf } = deriveSessionViews(record)
    watermarks[record.session.id] = asOf
    for (const [key, value] of Object.entries(usage.totals)) {
      if (typeof value === 'number') totals[key] = (totals[key] ?? 0) + value
    }
    for (const model of usage.models ?? []) models.push({ ...model, session_id: record.session.id })
    modelCalls += usage.model_calls
    estimatedCost += usage.estimated_cost ?? 0
    unpricedCalls += usage.unpriced_calls ?? 0
  }
  return {
    usage: {
      scope: 'session_tree',
      totals,
      model_calls: modelCalls,
      models,
      session_watermarks: watermarks,
      estimated_cost: estimatedCost,
      currency: 'USD',
      cost_complete: unpricedCalls === 0,
      unpriced_calls: unpricedCalls,
    },
    watermarks,
  }
}
