import type { PublicEvent } from './event-store'
import { maskSecretsInText } from './mask-secrets'
import { outputText } from './tool-records'
import { t } from '@/i18n'
import { stripAnsi } from '@/lib/ansi'

const MAX = 160

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)

function oneLine(text: string): string {
  const flat = stripAnsi(text).replace(/\s+/g, ' ').trim()
  return flat.length > MAX ? `${flat.slice(0, MAX - 1)}…` : flat
}

function compact(value: unknown): string {
  if (value === undefined || value === null) return ''
  const text = JSON.stringify(value)
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text
}

function describe(event: PublicEvent): string {
  const { data } = event
  const family = event.type.split('.', 1)[0]
  switch (family) {
    case 'turn':
    case 'run':
      return [str(data.status), str(data.reason), str(data.error_code)].filter(Boolean).join(' · ')
    case 'item': {
      if (event.type === 'item.delta') return outputText(data.content)
      const item = data.item as { role?: unknown; content?: unknown } | undefined
      const role = str(item?.role)
      const text = outputText(item?.content)
      return role ? `${role}: ${text}` : text
    }
    case 'tool': {
      const name = str(data.name) ?? ''
      if (event.type === 'tool.delta') return outputText(data.output)
      if (event.type === 'tool.completed')
        return `${name} ${str(data.status) ?? ''} ${outputText(data.output)}`
      return `${name} ${compact(data.input)}`
    }
    case 'required_action': {
      const call = data.tool_call as { name?: unknown } | undefined
      return [str(data.kind), str(call?.name), str(data.reason)].filter(Boolean).join(' · ')
    }
    case 'usage': {
      const usage = data.usage as { input_tokens?: unknown; output_tokens?: unknown } | undefined
      const tokens = (value: unknown) => (typeof value === 'number' ? String(value) : '?')
      return t('sessions.row.usageSummary', {
        model: str(data.model) ?? '',
        input: tokens(usage?.input_tokens),
        output: tokens(usage?.output_tokens),
      })
    }
    default:
      return compact(data)
  }
}

/** A one-line, masked preview of an event for its timeline row. */
export function summarizeEvent(event: PublicEvent): string {
  return maskSecretsInText(oneLine(describe(event))).value
}
