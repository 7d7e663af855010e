import { statusLabel } from './status-label'
import type { PublicEvent } from './event-store'
import { maskSecretsInText } from './mask-secrets'
import {
  itemEventData,
  requiredActionEventData,
  toolEventData,
  turnEventData,
  usageEventData,
} from '@/data/sessions/event-data'
import { t } from '@/i18n'
import { stripAnsi } from '@/lib/ansi'

const MAX = 160

function oneLine(text: string): string {
  const flat = stripAnsi(text).replace(/\s+/g, ' ').trim()
  return flat.length > MAX ? `${flat.slice(0, MAX - 1)}…` : flat
}

function compact(value: unknown): string {
  if (value === undefined || value === null) return ''
  const text = JSON.stringify(value)
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text
}

// Statuses read as words ("requires action"); reasons and error codes are the server's own terms.
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ')

function describe(event: PublicEvent): string {
  const turn = turnEventData(event)
  if (turn) return joined(turn.status === null ? null : statusLabel(turn.status), turn.reason, turn.errorCode)
  const item = itemEventData(event)
  if (item) return item.role ? `${item.role}: ${item.text}` : item.text
  const tool = toolEventData(event)
  if (tool) {
    const name = tool.name ?? ''
    if (event.type === 'tool.delta') return tool.output
    if (event.type === 'tool.completed') return `${name} ${tool.status ?? ''} ${tool.output}`
    return `${name} ${compact(tool.input)}`
  }
  const action = requiredActionEventData(event)
  if (action) return joined(action.kind, action.toolCall?.name ?? null, action.reason)
  const usage = usageEventData(event)
  if (usage) {
    const tokens = (value: number | null) => (value === null ? '?' : String(value))
    return t('sessions.row.usageSummary', {
      model: usage.model ?? '',
      input: tokens(usage.inputTokens),
      output: tokens(usage.outputTokens),
    })
  }
  return compact(event.data)
}

/** A one-line, masked preview of an event for its timeline row. */
export function summarizeEvent(event: PublicEvent): string {
  return maskSecretsInText(oneLine(describe(event))).value
}
