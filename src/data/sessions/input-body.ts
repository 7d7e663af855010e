import type { components } from '@/api/schema.gen'

type AgentInput = components['schemas']['AgentInput']

/**
 * What the composer sends: the text and, once files can be attached, their ids. Turns, steering
 * and injected context all take the same AgentInput body.
 */
export type InputParts = { text: string; fileIds?: readonly string[] }

/** The server takes 1–100 content parts. */
export const MAX_INPUT_PARTS = 100

export function countInputParts(parts: InputParts): number {
  return (parts.text.trim() === '' ? 0 : 1) + (parts.fileIds?.length ?? 0)
}

/**
 * `{message}` for plain text (what every server accepts); `{input:[…]}` with a text part and a
 * `file` part per attached file otherwise.
 */
export function inputBody(parts: InputParts): AgentInput {
  const fileIds = parts.fileIds ?? []
  if (fileIds.length === 0) return { message: parts.text }
  const content = [
    ...(parts.text.trim() === '' ? [] : [{ type: 'text' as const, text: parts.text }]),
    ...fileIds.map((fileId) => ({ type: 'file' as const, file_id: fileId })),
  ]
  return { input: [{ role: 'user', content }] }
}
