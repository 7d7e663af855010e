import { isErrorEvent } from './event-category'
import { matchesEventFilter, type EventFilter } from './event-filter'
import type { PublicEvent } from './event-store'

export type TurnSummary = {
  turnId: string
  status: string | null
  message: string | null
  firstAt: number
  lastAt: number
  eventCount: number
  errorCount: number
}

export type ToolSummary = {
  key: string
  toolCallId: string
  name: string | null
  status: string | null
  firstAt: number
  lastAt: number
  eventCount: number
  isError: boolean
}

export type TimelineRow =
  | { kind: 'turn'; key: string; turnId: string | null; groupKey: string }
  | { kind: 'tool'; key: string; toolKey: string; turnId: string | null; groupKey: string }
  | { kind: 'event'; key: string; index: number; turnId: string | null; toolKey: string | null }

export const turnGroupKey = (turnId: string | null) => (turnId === null ? 'turn:session' : `turn:${turnId}`)
export const toolGroupKey = (toolKey: string) => `tool:${toolKey}`

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)

function userText(data: Record<string, unknown>): string | null {
  const item = data.item
  if (typeof item !== 'object' || item === null) return null
  const { role, content } = item as { role?: unknown; content?: unknown }
  if (role !== 'user' || !Array.isArray(content)) return null
  const text = content
    .map((block: unknown) =>
      typeof block === 'object' && block !== null && typeof (block as { text?: unknown }).text === 'string'
        ? (block as { text: string }).text
        : '',
    )
    .join('')
  return text || null
}

/**
 * Builds the timeline's rows from the event log: chronological, with a header row where a turn's
 * (or a tool call's) run of events starts, so events read grouped by turn and by tool call without
 * reordering history. It is incremental: live events only append rows, so a 100,000-event session
 * costs work proportional to what arrived, not to its length. Summaries (status, counts) are kept
 * over all events, filtered or not, and header rows read them by reference.
 */
export class TimelineBuilder {
  readonly rows: TimelineRow[] = []
  readonly turns = new Map<string, TurnSummary>()
  readonly tools = new Map<string, ToolSummary>()
  /** Row index of each visible event, for permalinks and keyboard navigation. */
  readonly rowOfEvent = new Map<string, number>()
  /** Row indexes of visible error events, ascending. */
  readonly errorRows: number[] = []
  /** Every event type seen, filtered or not, for the type filter. */
  readonly types = new Set<string>()
  private processed = 0
  private lastId: string | null = null
  private lastTurnGroup: string | null = null
  private lastToolKey: string | null = null

  constructor(
    private readonly filter: EventFilter,
    private readonly collapsed: ReadonlySet<string>,
  ) {}

  /** Whether `events` still extends what was processed (false after a snapshot reload). */
  canExtend(events: readonly PublicEvent[]): boolean {
    if (events.length < this.processed) return false
    return this.processed === 0 || events[this.processed - 1]?.id === this.lastId
  }

  /** Processes events not seen yet; returns how many rows were added. */
  sync(events: readonly PublicEvent[]): number {
    const before = this.rows.length
    for (let index = this.processed; index < events.length; index += 1) {
      const event = events[index]
      if (event) this.add(event, index)
    }
    this.processed = events.length
    this.lastId = events[events.length - 1]?.id ?? null
    return this.rows.length - before
  }

  private add(event: PublicEvent, index: number) {
    const turnId = str(event.data.turn_id)
    const callId = str(event.data.tool_call_id)
    const toolKey = callId === null ? null : `${turnId ?? ''}:${callId}`
    const isError = isErrorEvent(event)
    this.types.add(event.type)
    this.summarise(event, turnId, toolKey, callId, isError)
    if (!matchesEventFilter(event, this.filter)) return

    const turnGroup = turnGroupKey(turnId)
    if (turnGroup !== this.lastTurnGroup) {
      this.rows.push({ kind: 'turn', key: `${turnGroup}@${event.id}`, turnId, groupKey: turnGroup })
      this.lastTurnGroup = turnGroup
      this.lastToolKey = null
    }
    if (this.collapsed.has(turnGroup)) return
    if (toolKey !== null && toolKey !== this.lastToolKey) {
      const groupKey = toolGroupKey(toolKey)
      this.rows.push({ kind: 'tool', key: `${groupKey}@${event.id}`, toolKey, turnId, groupKey })
    }
    this.lastToolKey = toolKey
    if (toolKey !== null && this.collapsed.has(toolGroupKey(toolKey))) return
    this.rowOfEvent.set(event.id, this.rows.length)
    if (isError) this.errorRows.push(this.rows.length)
    this.rows.push({ kind: 'event', key: event.id, index, turnId, toolKey })
  }

  private summarise(
    event: PublicEvent,
    turnId: string | null,
    toolKey: string | null,
    callId: string | null,
    isError: boolean,
  ) {
    if (turnId !== null) {
      let turn = this.turns.get(turnId)
      if (!turn) {
        turn = {
          turnId,
          status: null,
          message: null,
          firstAt: event.created_at,
          lastAt: event.created_at,
          eventCount: 0,
          errorCount: 0,
        }
        this.turns.set(turnId, turn)
      }
      turn.eventCount += 1
      turn.lastAt = event.created_at
      if (isError) turn.errorCount += 1
      if (event.type.startsWith('turn.')) turn.status = event.type.slice('turn.'.length)
      if (turn.message === null && event.type === 'item.completed') turn.message = userText(event.data)
    }
    if (toolKey !== null && callId !== null) {
      let tool = this.tools.get(toolKey)
      if (!tool) {
        tool = {
          key: toolKey,
          toolCallId: callId,
          name: null,
          status: null,
          firstAt: event.created_at,
          lastAt: event.created_at,
          eventCount: 0,
          isError: false,
        }
        this.tools.set(toolKey, tool)
      }
      tool.eventCount += 1
      tool.lastAt = event.created_at
      tool.name = str(event.data.name) ?? tool.name
      tool.status = str(event.data.status) ?? tool.status
      if (isError) tool.isError = true
    }
  }
}
