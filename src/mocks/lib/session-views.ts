import type { components } from '@/api/schema.gen'
import type { SessionRecord } from '../db/types'
import { headCursor, type PublicEvent } from './event-log'
import { isRecord } from './responses'

type Schemas = components['schemas']
type Envelope = Schemas['ResourceEnvelope']
type Data = Record<string, unknown>

/**
 * The cumulative resource views (snapshot, /tools, /items, /usage), folded from the event log
 * alone, so they can never disagree with what the events say. Each view is a resource envelope
 * whose `cursor` is the last event that changed it.
 */
export type SessionViews = {
  asOf: string
  items: Envelope[]
  tools: Envelope[]
  turns: Envelope[]
  runs: Envelope[]
  requiredActions: Envelope[]
  actionCommands: Envelope[]
  /** The latest `subagent.*` event per child, keyed by `childSessionId` (AgentSessionView.apply). */
  subagents: Envelope[]
  usage: Schemas['Usage']
}

/** USD per million tokens, input and output. Models not listed count as unpriced. */
const PRICES: Record<string, { input: number; output: number }> = {
  'qwen-max': { input: 1.6, output: 6.4 },
  'qwen-plus': { input: 0.4, output: 1.2 },
  'qwen-turbo': { input: 0.05, output: 0.2 },
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

function textOf(blocks: unknown): string {
  if (!Array.isArray(blocks)) return ''
  return blocks.map((block) => (isRecord(block) && typeof block.text === 'string' ? block.text : '')).join('')
}

class ViewMap {
  private readonly views = new Map<string, Envelope>()
  constructor(private readonly type: string) {}

  get(key: string): Data | undefined {
    return this.views.get(key)?.data
  }

  /** Creates or updates the view, stamping it with the event that changed it. */
  put(key: string, id: string, event: PublicEvent, patch: Data): Data {
    const existing = this.views.get(key)
    const data = { ...existing?.data, ...patch }
    this.views.set(key, {
      schema_version: 1,
      id,
      type: this.type,
      session_id: event.session_id,
      created_at: event.created_at,
      cursor: event.cursor,
      data,
    })
    return data
  }

  list(): Envelope[] {
    return [...this.views.values()]
  }
}

function foldItem(items: ViewMap, event: PublicEvent): void {
  const itemId = str(event.data.item_id)
  if (!itemId) return
  const ids = { item_id: itemId, turn_id: event.data.turn_id, run_id: event.data.run_id }
  if (event.type === 'item.delta') {
    const current = items.get(itemId)?.item
    const item = isRecord(current)
      ? current
      : { id: itemId, type: 'message', role: 'assistant', status: 'in_progress' }
    const soFar = textOf(item.content)
    const content = [{ type: 'text', text: soFar + textOf(event.data.content) }]
    items.put(itemId, itemId, event, { ...ids, item: { ...item, content } })
  } else if (isRecord(event.data.item)) {
    // item.started and item.completed carry the whole item; completed replaces what deltas built.
    items.put(itemId, itemId, event, { ...ids, item: event.data.item, final_output: event.data.final_output })
  }
}

function foldTool(tools: ViewMap, event: PublicEvent): void {
  const callId = str(event.data.tool_call_id)
  if (!callId) return
  const key = `${str(event.data.turn_id) ?? ''}:${callId}`
  const current = tools.get(key)
  const patch: Data = { ...event.data }
  if (event.type === 'tool.delta') {
    patch.output = [{ type: 'text', text: textOf(current?.output) + textOf(event.data.output) }]
  }
  if (event.type === 'tool.requested') patch.requested_at = event.created_at
  if (event.type === 'tool.completed') patch.completed_at = event.created_at
  tools.put(key, callId, event, patch)
}

function emptyUsage(): Schemas['Usage'] {
  return {
    scope: 'session_only',
    model_calls: 0,
    totals: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
    models: [],
    estimated_cost: 0,
    currency: 'USD',
    cost_complete: true,
    unpriced_calls: 0,
  }
}

type ModelUsage = {
  model: string
  model_calls: number
  input_tokens: number
  output_tokens: number
  estimated_cost: number
}

function foldUsage(usage: Schemas['Usage'], byModel: Map<string, ModelUsage>, event: PublicEvent): void {
  const counts = isRecord(event.data.usage) ? event.data.usage : {}
  const input = num(counts.input_tokens)
  const output = num(counts.output_tokens)
  const model = str(event.data.model) ?? 'unknown'
  const price = PRICES[model]
  const cost = price ? (input * price.input + output * price.output) / 1_000_000 : 0
  usage.model_calls += 1
  usage.totals = {
    input_tokens: num(usage.totals.input_tokens) + input,
    output_tokens: num(usage.totals.output_tokens) + output,
    total_tokens: num(usage.totals.total_tokens) + input + output,
  }
  usage.estimated_cost = (usage.estimated_cost ?? 0) + cost
  if (!price) {
    usage.unpriced_calls = (usage.unpriced_calls ?? 0) + 1
    usage.cost_complete = false
  }
  const entry = byModel.get(model) ?? {
    model,
    model_calls: 0,
    input_tokens: 0,
    output_tokens: 0,
    estimated_cost: 0,
  }
  entry.model_calls += 1
  entry.input_tokens += input
  entry.output_tokens += output
  entry.estimated_cost += cost
  byModel.set(model, entry)
}

export function deriveSessionViews(record: SessionRecord): SessionViews {
  const items = new ViewMap('item.updated')
  const tools = new ViewMap('tool.updated')
  const turns = new ViewMap('turn.updated')
  const runs = new ViewMap('run.updated')
  const actions = new ViewMap('required_action.updated')
  const usage = emptyUsage()
  const byModel = new Map<string, ModelUsage>()
  const subagents = new Map<string, Envelope>()

  for (const event of record.events) {
    const [family, verb] = event.type.split('.', 2)
    const turnId = str(event.data.turn_id)
    if (family === 'item') foldItem(items, event)
    else if (family === 'tool') foldTool(tools, event)
    else if (family === 'turn' && turnId && verb) {
      const status = verb === 'accepted' ? 'queued' : verb
      const patch: Data = {
        turn_id: turnId,
        status,
        reason: event.data.reason,
        error_code: event.data.error_code,
      }
      if (typeof event.data.run_id === 'string') patch.run_id = event.data.run_id
      if (verb === 'accepted') patch.accepted_at = event.created_at
      turns.put(turnId, turnId, event, patch)
    } else if (family === 'run') {
      const runId = str(event.data.run_id)
      const timing = verb === 'started' ? { started_at: event.created_at } : { ended_at: event.created_at }
      if (runId) runs.put(runId, runId, event, { ...event.data, ...timing })
    } else if (family === 'required_action') {
      const requestId = str(event.data.request_id)
      if (requestId) actions.put(requestId, requestId, event, { ...event.data, status: verb })
    } else if (event.type === 'usage.recorded') {
      foldUsage(usage, byModel, event)
    } else if (family === 'subagent') {
      // Upstream keeps the event envelope itself, not a folded view: the newest one wins.
      const childId = str(event.data.childSessionId)
      if (childId) subagents.set(childId, event)
    }
  }
  usage.models = [...byModel.values()]

  const asOf = headCursor(record)
  const last = record.events.at(-1)
  const actionCommands = record.actionCommands.map<Envelope>((command) => ({
    schema_version: 1,
    id: command.command_id,
    type: 'action_command.updated',
    session_id: record.session.id,
    created_at: command.created_at ?? last?.created_at ?? record.session.createdAt,
    cursor: asOf,
    data: { ...command },
  }))

  return {
    asOf,
    items: items.list(),
    tools: tools.list(),
    turns: turns.list(),
    runs: runs.list(),
    requiredActions: actions.list(),
    actionCommands,
    subagents: [...subagents.values()],
    usage,
  }
}

/** Required actions of a turn that nobody has answered yet (created, not accepted/resolved/rejected). */
export function unansweredRequests(record: SessionRecord, turnId: string): Map<string, Data> {
  const open = new Map<string, Data>()
  for (const event of record.events) {
    if (!event.type.startsWith('required_action.') || event.data.turn_id !== turnId) continue
    const requestId = str(event.data.request_id)
    if (!requestId) continue
    if (event.type === 'required_action.created') open.set(requestId, event.data)
    else open.delete(requestId)
  }
  return open
}

/** The run a turn is currently in (started and not yet ended), if any. */
export function openRunId(record: SessionRecord, turnId: string): string | null {
  for (let index = record.events.length - 1; index >= 0; index -= 1) {
    const event = record.events[index]
    if (!event || event.data.turn_id !== turnId) continue
    if (event.type === 'run.ended' || event.type === 'turn.accepted') return null
    if (event.type === 'run.started') return str(event.data.run_id) ?? null
  }
  return null
}
