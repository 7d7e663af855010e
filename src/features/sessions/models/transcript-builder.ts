import {
  eventFamily,
  eventTurnId,
  requiredActionEventData,
  turnEventData,
  usageEventData,
} from '@/data/sessions/event-data'
import { isErrorEvent } from './event-category'
import type { PublicEvent } from './event-store'
import { ToolRecordFold, type ToolRecord } from './tool-records'
import { isRecord, readNumber, readString, readText } from '@/lib/read-fields'

/** A conversation message assembled from `item.started → item.delta* → item.completed`. */
export type TranscriptMessage = {
  itemId: string
  role: string
  text: string
  /** Reasoning the model showed (content blocks of type thinking/reasoning); collapsed on screen. */
  thinking: string
  isComplete: boolean
  startedAt: number
  completedAt: number | null
  firstEventId: string
}

export type TranscriptAction = {
  requestId: string
  turnId: string | null
  kind: string
  /** created (open), accepted, resolved, rejected (delivery failed). */
  status: string
  toolCallId: string | null
  toolName: string | null
  toolInput: unknown
  toolKey: string | null
  reason: string | null
  createdAt: number
  firstEventId: string
}

export type TranscriptProblem = {
  type: string
  code: string | null
  message: string | null
  /** The server's `retry_status` (`not_retrying` when it gives the turn up). */
  retryStatus: string | null
  eventId: string
  /** `budget.exceeded`: the limit that refused the model call. */
  budgetLimit?: string
}

export type TranscriptError = { problems: TranscriptProblem[]; firstEventId: string; at: number }

export type TranscriptRun = {
  runId: string
  startedAt: number
  endedAt: number | null
  status: string | null
  reason: string | null
  /** Steering and injected context this run applied (`input.applied` naming the run), in order. */
  appliedInputs: { inputId: string; kind: string | null; at: number }[]
}

export type TranscriptUsage = { modelCalls: number; inputTokens: number; outputTokens: number }

export type TranscriptTurn = {
  /** Null for what the session logged before its first turn. */
  turnId: string | null
  /** 1 for the session's first turn in the log, 2 for the next… (null for the block before it). */
  number: number | null
  /** The text of the user's message that started the turn ('' until it is in the log). */
  prompt: string
  status: string | null
  firstAt: number
  lastAt: number
  /** When the turn reached an outcome (completed, failed, cancelled…). */
  endedAt: number | null
  usage: TranscriptUsage
  runs: TranscriptRun[]
  /** Tool calls of the turn in the order they were requested. */
  tools: ToolRecord[]
  /** Times of model calls (model.completed), for the split of time between model and tools. */
  modelCallsAt: number[]
  firstEventId: string
  rev: number
}

/** One block of the transcript; `rev` moves whenever what it shows changes (live text, a status). */
export type TranscriptRow =
  | { kind: 'turn'; key: string; turn: TranscriptTurn; rev: number }
  | { kind: 'message'; key: string; turnId: string | null; message: TranscriptMessage; rev: number }
  | { kind: 'tool'; key: string; turnId: string | null; record: ToolRecord; rev: number }
  | { kind: 'action'; key: string; turnId: string | null; action: TranscriptAction; rev: number }
  | { kind: 'error'; key: string; turnId: string | null; error: TranscriptError; rev: number }
  | { kind: 'event'; key: string; turnId: string | null; eventIndex: number; eventId: string; rev: number }

type Block = { turn: TranscriptTurn; header: TranscriptRow; rows: TranscriptRow[] }

type MessageState = {
  row: Extract<TranscriptRow, { kind: 'message' }>
  /** Streamed chunks by position: a replayed delta repeats a position, a late one fills a gap. */
  chunks: Map<number, { text: string; thinking: string }>
  maxPosition: number
}

const TERMINAL_TURN: ReadonlySet<string> = new Set([
  'completed',
  'failed',
  'cancelled',
  'interrupted',
  'timed_out',
  'partial_succeeded',
])

const THINKING_BLOCKS: ReadonlySet<string> = new Set(['thinking', 'reasoning', 'redacted_thinking'])

/** Event types folded into turn headers, messages, tool cards and actions rather than rows. */
function isFolded(event: PublicEvent): boolean {
  const family = eventFamily(event.type)
  if (family === 'turn' || family === 'run') return true
  if (event.type.startsWith('session.status_')) return event.type !== 'session.status_terminated'
  return event.type === 'model.completed' || event.type === 'usage.recorded'
}

/** Splits content blocks into answer text and shown reasoning. */
function splitContent(content: unknown): { text: string; thinking: string } {
  if (typeof content === 'string') return { text: content, thinking: '' }
  if (!Array.isArray(content)) return { text: '', thinking: '' }
  let text = ''
  let thinking = ''
  for (const block of content as unknown[]) {
    if (typeof block === 'string') text += block
    else if (isRecord(block)) {
      const type = readString(block.type)
      if (type !== null && THINKING_BLOCKS.has(type)) {
        thinking += readString(block.thinking) ?? readString(block.text) ?? ''
      } else if (type === null || type === 'text' || type === 'output_text') {
        text += readString(block.text) ?? ''
      }
    }
  }
  return { text, thinking }
}

const emptyUsage = (): TranscriptUsage => ({ modelCalls: 0, inputTokens: 0, outputTokens: 0 })

/**
 * The session read as a conversation: one block per turn (the user's message, the assistant's
 * messages, each tool call as one card, required actions, errors, usage), folded from the event
 * log. Incremental like the event timeline: `sync` folds only events it has not seen into the
 * existing blocks, so 300 live events a second cost work for those events, not for the 100,000
 * before them. Rows are mutated in place and carry a `rev` that moves when they change, so a view
 * re-renders only the blocks that did. A replaced log (snapshot reload) is rebuilt from scratch.
 *
 * Delta assembly is by `position`: a delta replayed after a reconnect repeats its position and is
 * ignored, a late one fills its gap in order, and `item.completed` replaces whatever was assembled.
 */
export class TranscriptBuilder {
  readonly rows: TranscriptRow[] = []
  readonly turns = new Map<string, TranscriptTurn>()
  /** When each turn began (its first event), kept as turns appear: claims are matched by it. */
  readonly turnStartedAt = new Map<string, number>()
  /** Row index by key (and by any event id it was folded from), for permalinks and the waterfall. */
  private readonly rowIndex = new Map<string, number>()
  private readonly rowOfEventId = new Map<string, string>()
  private readonly rowsByKey = new Map<string, TranscriptRow>()
  private readonly blocks: Block[] = []
  private readonly blockOfTurn = new Map<string | null, Block>()
  private readonly messages = new Map<string, MessageState>()
  private readonly actions = new Map<string, Extract<TranscriptRow, { kind: 'action' }>>()
  private readonly errorsOfTurn = new Map<string, Extract<TranscriptRow, { kind: 'error' }>>()
  private readonly runs = new Map<string, TranscriptRun>()
  private tools = new ToolRecordFold()
  private processed = 0
  private lastId: string | null = null
  private isDirty = false
  /** Moves whenever anything changed; the view re-reads rows when it does. */
  revision = 0

  /** Whether `events` still extends what was processed (false after a snapshot reload). */
  canExtend(events: readonly PublicEvent[]): boolean {
    if (events.length < this.processed) return false
    return this.processed === 0 || events[this.processed - 1]?.id === this.lastId
  }

  /** Folds events not seen yet (all of them after a replaced log); returns the revision. */
  sync(events: readonly PublicEvent[]): number {
    if (!this.canExtend(events)) this.clear()
    if (this.processed === events.length) return this.revision
    for (let index = this.processed; index < events.length; index += 1) {
      const event = events[index]
      if (event) this.add(event, index)
    }
    this.processed = events.length
    this.lastId = events[events.length - 1]?.id ?? null
    if (this.isDirty) this.flatten()
    this.revision += 1
    return this.revision
  }

  /** The row index of a row key or of an event folded into a row; -1 when none. */
  indexOf(keyOrEventId: string): number {
    const key = this.rowIndex.has(keyOrEventId) ? keyOrEventId : this.rowOfEventId.get(keyOrEventId)
    return key === undefined ? -1 : (this.rowIndex.get(key) ?? -1)
  }

  /** The row key an event was folded into. */
  rowKeyOfEvent(eventId: string): string | null {
    return this.rowOfEventId.get(eventId) ?? null
  }

  row(key: string): TranscriptRow | undefined {
    return this.rowsByKey.get(key)
  }

  /** Turns in the order they appear. */
  turnList(): TranscriptTurn[] {
    return this.blocks.map((block) => block.turn)
  }

  private clear() {
    this.rows.length = 0
    this.turns.clear()
    this.turnStartedAt.clear()
    this.rowIndex.clear()
    this.rowOfEventId.clear()
    this.rowsByKey.clear()
    this.blocks.length = 0
    this.blockOfTurn.clear()
    this.messages.clear()
    this.actions.clear()
    this.errorsOfTurn.clear()
    this.runs.clear()
    this.tools = new ToolRecordFold()
    this.processed = 0
    this.lastId = null
    this.isDirty = false
  }

  /** The block of a turn, opened where its first event appears; turn-less events join the latest. */
  private blockFor(turnId: string | null, event: PublicEvent): Block {
    const existing = turnId === null ? this.blocks.at(-1) : this.blockOfTurn.get(turnId)
    if (existing) return existing
    const turn: TranscriptTurn = {
      turnId,
      number: turnId === null ? null : this.turns.size + 1,
      prompt: '',
      status: null,
      firstAt: event.created_at,
      lastAt: event.created_at,
      endedAt: null,
      usage: emptyUsage(),
      runs: [],
      tools: [],
      modelCallsAt: [],
      firstEventId: event.id,
      rev: 0,
    }
    const header: TranscriptRow = { kind: 'turn', key: `turn:${turnId ?? 'session'}`, turn, rev: 0 }
    const block: Block = { turn, header, rows: [] }
    this.blocks.push(block)
    if (turnId !== null) this.blockOfTurn.set(turnId, block)
    if (turnId !== null) {
      this.turns.set(turnId, turn)
      this.turnStartedAt.set(turnId, event.created_at)
    }
    this.register(header, event.id)
    this.rowIndex.set(header.key, this.rows.length)
    this.rows.push(header)
    return block
  }

  private register(row: TranscriptRow, eventId: string) {
    this.rowsByKey.set(row.key, row)
    this.rowOfEventId.set(eventId, row.key)
  }

  /** Adds a row at the end of its turn's block (the end of the transcript, nearly always). */
  private append(block: Block, row: TranscriptRow, eventId: string) {
    this.register(row, eventId)
    block.rows.push(row)
    if (this.isDirty || block !== this.blocks.at(-1)) {
      // An earlier turn grew (interleaved turns): the flat list is rebuilt once after this batch.
      this.isDirty = true
      return
    }
    this.rowIndex.set(row.key, this.rows.length)
    this.rows.push(row)
  }

  private flatten() {
    this.rows.length = 0
    this.rowIndex.clear()
    for (const block of this.blocks) {
      for (const row of [block.header, ...block.rows]) {
        this.rowIndex.set(row.key, this.rows.length)
        this.rows.push(row)
      }
    }
    this.isDirty = false
  }

  private bumpRow(key: string) {
    const row = this.rowsByKey.get(key)
    if (row) row.rev += 1
  }

  private touchTurn(block: Block) {
    block.turn.rev += 1
    block.header.rev += 1
  }

  private add(event: PublicEvent, index: number) {
    const turnId = eventTurnId(event)
    // Session status changes before the first turn say nothing a reader needs: no empty block.
    if (turnId === null && this.blocks.length === 0 && isFolded(event)) return
    const block = this.blockFor(turnId, event)
    const { turn } = block
    if (turnId !== null) turn.lastAt = Math.max(turn.lastAt, event.created_at)

    const record = this.tools.add(event)
    if (record && eventFamily(event.type) === 'tool') {
      this.addTool(block, record, event)
      return
    }
    // A confirmation also shows on its call's card.
    if (record) this.bumpRow(`tool:${record.key}`)
    if (eventFamily(event.type) === 'item' && this.addItem(block, event)) return
    if (eventFamily(event.type) === 'required_action' && this.addAction(block, event)) return
    if (isFolded(event)) this.foldTurn(block, event)
    if (isErrorEvent(event)) {
      this.addError(block, event)
      return
    }
    if (isFolded(event)) {
      this.rowOfEventId.set(event.id, block.header.key)
      return
    }
    if (event.type === 'input.applied') this.addAppliedInput(block, event)
    // Anything else, known or not yet known, is shown as a small neutral row: never dropped.
    const row: TranscriptRow = {
      kind: 'event',
      key: `event:${event.id}`,
      turnId,
      eventIndex: index,
      eventId: event.id,
      rev: 0,
    }
    this.append(block, row, event.id)
  }

  private addTool(block: Block, record: ToolRecord, event: PublicEvent) {
    const key = `tool:${record.key}`
    const existing = this.rowsByKey.get(key)
    if (existing) {
      existing.rev += 1
      this.rowOfEventId.set(event.id, key)
    } else {
      block.turn.tools.push(record)
      this.append(block, { kind: 'tool', key, turnId: record.turnId, record, rev: 0 }, event.id)
    }
    // The header's split of time changes with each call's progress.
    this.touchTurn(block)
  }

  /** Folds `item.*`; returns false for an event it cannot place (a delta naming no item). */
  private addItem(block: Block, event: PublicEvent): boolean {
    const { data } = event
    const itemId = readText(data.item_id) ?? (isRecord(data.item) ? readText(data.item.id) : null)
    if (itemId === null) return false
    const turnId = eventTurnId(event)
    const key = `message:${turnId ?? ''}:${itemId}`
    let state = this.messages.get(key)
    if (!state) {
      const message: TranscriptMessage = {
        itemId,
        role: 'assistant',
        text: '',
        thinking: '',
        isComplete: false,
        startedAt: event.created_at,
        completedAt: null,
        firstEventId: event.id,
      }
      state = {
        row: { kind: 'message', key, turnId, message, rev: 0 },
        chunks: new Map(),
        maxPosition: -1,
      }
      this.messages.set(key, state)
      this.append(block, state.row, event.id)
    } else {
      this.rowOfEventId.set(event.id, key)
    }
    const { message } = state.row
    const item = isRecord(data.item) ? data.item : null
    if (item) {
      message.role = readText(item.role) ?? message.role
      if (readText(item.type) === 'reasoning') message.role = 'reasoning'
    }
    if (event.type === 'item.completed') {
      // The completed item is the whole message: it replaces what the deltas assembled.
      const content = splitContent(item?.content)
      message.text = content.text
      message.thinking = content.thinking
      message.isComplete = true
      message.completedAt = event.created_at
    } else if (event.type === 'item.delta' && !message.isComplete) {
      this.addDelta(state, event)
    } else if (event.type === 'item.started' && !message.isComplete && item) {
      const content = splitContent(item.content)
      if (content.text || content.thinking) {
        message.text = content.text
        message.thinking = content.thinking
      }
    }
    message.startedAt = Math.min(message.startedAt, event.created_at)
    state.row.rev += 1
    // The turn's header is named after the message that started it.
    if (message.role === 'user' && block.turn.prompt === '' && message.text.trim() !== '') {
      block.turn.prompt = message.text
      this.touchTurn(block)
    }
    return true
  }

  private addDelta(state: MessageState, event: PublicEvent) {
    const chunk = splitContent(event.data.content)
    const position = readNumber(event.data.position) ?? state.maxPosition + 1
    if (state.chunks.has(position)) return
    state.chunks.set(position, chunk)
    const { message } = state.row
    if (position > state.maxPosition) {
      state.maxPosition = position
      message.text += chunk.text
      message.thinking += chunk.thinking
      return
    }
    // A chunk that arrived late goes back where it belongs.
    const ordered = [...state.chunks.entries()].sort((a, b) => a[0] - b[0])
    message.text = ordered.map(([, part]) => part.text).join('')
    message.thinking = ordered.map(([, part]) => part.thinking).join('')
  }

  private addAction(block: Block, event: PublicEvent): boolean {
    const action = requiredActionEventData(event)
    if (!action) return false
    const key = `action:${action.requestId}`
    let row = this.actions.get(action.requestId)
    if (!row) {
      const toolCallId = action.toolCall?.id ?? null
      row = {
        kind: 'action',
        key,
        turnId: action.turnId,
        action: {
          requestId: action.requestId,
          turnId: action.turnId,
          kind: action.kind ?? 'confirmation',
          status: 'created',
          toolCallId,
          toolName: action.toolCall?.name ?? null,
          toolInput: action.toolCall?.input,
          toolKey: toolCallId === null ? null : `${action.turnId ?? ''}:${toolCallId}`,
          reason: null,
          createdAt: event.created_at,
          firstEventId: event.id,
        },
        rev: 0,
      }
      this.actions.set(action.requestId, row)
      this.append(block, row, event.id)
    } else {
      this.rowOfEventId.set(event.id, key)
    }
    const target = row.action
    if (action.verb === 'created') {
      // A rejected delivery is reopened by a new `created`: the request is open again.
      target.status = 'created'
      target.kind = action.kind ?? target.kind
      target.toolName = action.toolCall?.name ?? target.toolName
      if (action.toolCall?.input !== undefined) target.toolInput = action.toolCall.input
    } else {
      target.status = action.verb
      target.reason = action.reason ?? target.reason
    }
    row.rev += 1
    return true
  }

  /** The run that consumed the input gets a mark on the waterfall. */
  private addAppliedInput(block: Block, event: PublicEvent) {
    const run = this.runs.get(readText(event.data.run_id) ?? '')
    if (!run) return
    const ids = [
      ...(Array.isArray(event.data.input_ids) ? event.data.input_ids.map(readText) : []),
      readText(event.data.input_id),
    ].filter((id): id is string => id !== null)
    for (const inputId of new Set(ids)) {
      run.appliedInputs.push({ inputId, kind: readText(event.data.kind), at: event.created_at })
    }
    this.touchTurn(block)
  }

  private foldTurn(block: Block, event: PublicEvent) {
    const { turn } = block
    const turnData = turnEventData(event)
    if (event.type.startsWith('turn.') && turnData) {
      const status = turnData.status ?? event.type.slice('turn.'.length)
      turn.status = status
      turn.endedAt = TERMINAL_TURN.has(status) ? event.created_at : null
    }
    const runId = turnData?.runId ?? null
    if (event.type === 'run.started' && runId !== null && !this.runs.has(runId)) {
      const run: TranscriptRun = {
        runId,
        startedAt: event.created_at,
        endedAt: null,
        status: 'running',
        reason: turnData?.reason ?? null,
        appliedInputs: [],
      }
      this.runs.set(runId, run)
      turn.runs.push(run)
    } else if (event.type === 'run.ended' && runId !== null) {
      const run = this.runs.get(runId)
      if (run) {
        run.endedAt = event.created_at
        run.status = turnData?.status ?? run.status
        run.reason = turnData?.reason ?? run.reason
      }
    }
    if (event.type === 'model.completed') turn.modelCallsAt.push(event.created_at)
    const usage = usageEventData(event)
    if (usage) {
      turn.usage.modelCalls += 1
      turn.usage.inputTokens += usage.inputTokens ?? 0
      turn.usage.outputTokens += usage.outputTokens ?? 0
    }
    this.touchTurn(block)
  }

  private addError(block: Block, event: PublicEvent) {
    // Upstream's session.error names no turn: it belongs to the turn whose block it falls in.
    const turnId = eventTurnId(event) ?? block.turn.turnId
    const { data } = event
    // Upstream's runner nests its detail: session.error {error: {type, code, message, retry_status}},
    // and the session.status_terminated that follows carries the same detail as {stopReason: {error}}.
    const stopReason = isRecord(data.stopReason) ? data.stopReason : {}
    const detail = isRecord(data.error) ? data.error : isRecord(stopReason.error) ? stopReason.error : {}
    const problem: TranscriptProblem = {
      type: event.type,
      code: readText(data.error_code) ?? readText(detail.code),
      message: readText(data.message) ?? readText(detail.message) ?? readText(data.reason),
      retryStatus: readText(detail.retry_status) ?? readText(data.retry_status),
      eventId: event.id,
      ...(event.type === 'budget.exceeded' ? { budgetLimit: readText(data.limit) ?? 'unknown' } : {}),
    }
    // One failure is logged as several events (run.ended, session.error, turn.failed): one block.
    const existing = turnId === null ? undefined : this.errorsOfTurn.get(turnId)
    if (existing) {
      existing.error.problems.push(problem)
      existing.rev += 1
      this.rowOfEventId.set(event.id, existing.key)
      return
    }
    const row: Extract<TranscriptRow, { kind: 'error' }> = {
      kind: 'error',
      key: `error:${turnId ?? event.id}`,
      turnId,
      error: { problems: [problem], firstEventId: event.id, at: event.created_at },
      rev: 0,
    }
    if (turnId !== null) this.errorsOfTurn.set(turnId, row)
    this.append(block, row, event.id)
  }
}

/** The first event a block was folded from: where the same entry sits in the event log. */
export function rowFirstEventId(row: TranscriptRow): string {
  switch (row.kind) {
    case 'turn':
      return row.turn.firstEventId
    case 'message':
      return row.message.firstEventId
    case 'tool':
      return row.record.firstEventId
    case 'action':
      return row.action.firstEventId
    case 'error':
      return row.error.firstEventId
    case 'event':
      return row.eventId
  }
}
