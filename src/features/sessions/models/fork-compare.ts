import type { Checkpoint } from '@/data/sessions/decode-checkpoints'
import type { PublicEvent } from './event-store'
import { rowFirstEventId, TranscriptBuilder } from './transcript-builder'
import { isRecord, readString } from '@/lib/read-fields'

/**
 * The two sides of a fork, read from their public logs: the source from the fork point on, the
 * target from its start. A fork writes `migration/baseline` into the target, which its public log
 * shows as `session.context_initialized {items, coverage: "baseline_only"}` (the checkpoint's
 * conversation, copied); nothing is written into the source.
 */
export type CompareLine =
  | { kind: 'turn'; key: string; number: number | null; prompt: string; status: string | null }
  | { kind: 'message'; key: string; role: string; text: string }
  | { kind: 'tool'; key: string; name: string; status: string }
  | { kind: 'event'; key: string; type: string }

/**
 * The source's events after the checkpoint: later than its commit, and not of the turn it closed
 * (a run's checkpoint is committed with that turn's last events).
 */
export function eventsAfterForkPoint(events: readonly PublicEvent[], checkpoint: Checkpoint): PublicEvent[] {
  return events.filter((event) => {
    if (event.created_at <= checkpoint.createdAt) return false
    return checkpoint.turnId === null || event.data.turn_id !== checkpoint.turnId
  })
}

/** The conversation a fork copied into its target (`session.context_initialized` items). */
export function baselineMessages(
  events: readonly PublicEvent[],
): { key: string; role: string; text: string }[] {
  const initialized = events.find((event) => event.type === 'session.context_initialized')
  const items = Array.isArray(initialized?.data.items) ? (initialized.data.items as unknown[]) : []
  return items.filter(isRecord).map((item, index) => ({
    key: readString(item.id) ?? `baseline-${index}`,
    role: readString(item.role) ?? '',
    text: (Array.isArray(item.content) ? (item.content as unknown[]) : [])
      .map((block) => (isRecord(block) ? (readString(block.text) ?? '') : ''))
      .join(''),
  }))
}

/** Whether the log starts from a copied baseline (its session was a fork's target). */
export const isForkTarget = (events: readonly PublicEvent[]) =>
  events.some((event) => event.type === 'session.context_initialized')

/**
 * The transcript's blocks as lines for a narrow column, folded the way the transcript tab folds
 * them. With `from`, only blocks that begin with one of those events: the whole log is folded, so
 * turns keep the numbers the transcript gives them.
 */
export function compareLines(events: readonly PublicEvent[], from?: readonly PublicEvent[]): CompareLine[] {
  const builder = new TranscriptBuilder()
  const folded = events.filter((event) => event.type !== 'session.context_initialized')
  builder.sync(folded)
  const kept = from ? new Set(from.map((event) => event.id)) : null
  const rows = kept ? builder.rows.filter((row) => kept.has(rowFirstEventId(row))) : builder.rows
  return rows.flatMap((row): CompareLine[] => {
    switch (row.kind) {
      case 'turn':
        return [
          {
            kind: 'turn',
            key: row.key,
            number: row.turn.number,
            prompt: row.turn.prompt,
            status: row.turn.status,
          },
        ]
      case 'message':
        // The turn line already shows the prompt that opened it.
        if (row.message.role === 'user' && row.message.text === builder.turns.get(row.turnId ?? '')?.prompt)
          return []
        return [{ kind: 'message', key: row.key, role: row.message.role, text: row.message.text }]
      case 'tool':
        return [{ kind: 'tool', key: row.key, name: row.record.name, status: row.record.status }]
      case 'event':
        return [{ kind: 'event', key: row.key, type: folded[row.eventIndex]?.type ?? '' }]
      default:
        return []
    }
  })
}
