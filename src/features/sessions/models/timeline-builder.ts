import { eventToolCall, eventTurnId, itemEventData } from '@/data/sessions/event-data'
import { isErrorEvent } from './event-category'
import { matchesEventFilter, type EventFilter } from './event-filter'
import type { PublicEvent } from './event-store'
import { readText } from '@/lib/read-fields'

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

/**
 * Builds the timeline's rows from the event log: chronological, with a header row where a turn's
 * (or a tool call's) run of events starts, so events read grouped by turn and by tool call without
 * reordering history. It is incremental: live events only append rows, so a 100,000-event session
 * costs work proportional to what arrived, not to its length; a replaced log (snapshot reload) is
 * noticed and rebuilt from scratch. Summaries (status, counts) are kept over all events, filtered
 * or not, and header rows read them by reference.
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
  /** Events that pass the filter, shown or inside a collapsed group ("16 of 53 events"). */
  matchCount = 0
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

  /** Processes events not seen yet (all of them after a replaced log); returns the row count. */
  sync(events: readonly PublicEvent[]): number {
    if (!this.canExtend(events)) this.clear()
    for (let index = this.processed; index < events.length; index += 1) {
      const event = events[index]
      if (event) this.add(event, index)
    }
    this.processed = events.length
    this.lastId = events[events.length - 1]?.id ?? null
    return this.rows.length
  }

  private clear() {
    this.rows.length = 0
    this.turns.clear()
    this.tools.clear()
    this.rowOfEvent.clear()
    this.errorRows.length = 0
    this.types.clear()
    this.matchCount = 0
    this.processed = 0
    this.lastId = null
    this.lastTurnGroup = null
    this.lastToolKey = null
  }

  private add(event: PublicEvent, index: number) {
    const turnId = eventTurnId(event)
    const call = eventToolCall(event)
    const toolKey = call?.key ?? null
    const callId = call?.toolCallId ?? null
    const isError = isErrorEvent(event)
    this.types.add(event.type)
    this.summarise(event, turnId, toolKey, callId, isError)
    if (!matchesEventFilter(event, this.filter)) return
    this.matchCount += 1

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
      if (turn.message === null && event.type === 'item.completed') {
        const item = itemEventData(event)
        if (item?.role === 'user' && item.text) turn.message = item.text
      }
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
      tool.name = readText(event.data.name) ?? tool.name
      tool.status = readText(event.data.status) ?? tool.status
      if (isError) tool.isError = true
    }
  }
}
