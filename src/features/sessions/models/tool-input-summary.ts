import { maskSecrets, maskSecretsInText } from './mask-secrets'
import { toolViewKind } from './tool-view-kind'
import { readString } from '@/lib/read-fields'

const MAX = 120

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX ? `${flat.slice(0, MAX - 1)}…` : flat
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}

/**
 * A tool call's input in one masked line for its transcript card: the command of a shell call,
 * the path (and pattern) of a file call, otherwise `key: value` pairs. The full input stays one
 * click away on the card.
 */
export function toolInputSummary(name: string, input: Record<string, unknown> | null): string {
  if (!input) return ''
  const masked = maskSecrets(input).value
  const kind = toolViewKind(name)
  const path = readString(masked.path)
  if (kind === 'terminal') {
    const command = readString(masked.command)
    if (command !== null) return maskSecretsInText(oneLine(`$ ${command}`)).value
  }
  if (kind !== 'generic' && path !== null) {
    const pattern = readString(masked.pattern)
    return oneLine(pattern === null ? path : `${pattern} · ${path}`)
  }
  return oneLine(
    Object.entries(masked)
      .map(([key, value]) => `${key}: ${scalar(value)}`)
      .join(', '),
  )
}
