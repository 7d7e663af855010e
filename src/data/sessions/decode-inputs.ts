import { expectRecord, malformedField } from '@/api/response-guards'
import { isRecord, readNumber, readText } from '@/lib/read-fields'

/*
 * Steering and injected context: the receipt of POST steer / inputs/inject, and the ledger of
 * GET inputs, where each input is the envelope of its latest `input.*` event with the earlier
 * events' data merged in (upstream AgentSessionView's `inputs` index).
 */

export type InputKind = 'steer' | 'inject'
export type InputStatus = 'accepted' | 'applied' | 'rejected'

export type InputReceipt = { inputId: string; turnId: string | null; kind: InputKind; status: InputStatus }

export type InputEntry = {
  inputId: string
  /** Null when the server did not say (an older event). */
  kind: InputKind | null
  status: InputStatus
  /** Why it was rejected (`turn_cancelled`, …). */
  reason: string | null
  turnId: string | null
  /** The run that applied it. */
  runId: string | null
  /** When the server recorded its current status. */
  at: number | null
  eventId: string | null
}

const KINDS: ReadonlySet<string> = new Set<InputKind>(['steer', 'inject'])
const STATUSES: ReadonlySet<string> = new Set<InputStatus>(['accepted', 'applied', 'rejected'])

const kindOf = (value: unknown): InputKind | null => {
  const text = readText(value)
  return text !== null && KINDS.has(text) ? (text as InputKind) : null
}

const statusOf = (value: unknown): InputStatus | null => {
  const text = readText(value)
  return text !== null && STATUSES.has(text) ? (text as InputStatus) : null
}

export function decodeInputReceipt(value: unknown, what = 'input receipt'): InputReceipt {
  const record = expectRecord(value, what)
  const inputId = readText(record.input_id)
  if (inputId === null) throw malformedField(what, 'input_id')
  const kind = kindOf(record.kind)
  if (kind === null) throw malformedField(what, 'kind')
  const status = statusOf(record.status)
  if (status === null) throw malformedField(what, 'status')
  return { inputId, turnId: readText(record.turn_id), kind, status }
}

/**
 * The inputs an `input.*` event (from the ledger or the live log) speaks of: one entry per id in
 * `input_id` and `input_ids`. The status comes from the data, else from the event type.
 */
export function inputEntriesOf(event: unknown): InputEntry[] {
  if (!isRecord(event) || !isRecord(event.data)) return []
  const type = readText(event.type) ?? ''
  if (!type.startsWith('input.')) return []
  const { data } = event
  const status = statusOf(data.status) ?? statusOf(type.slice('input.'.length))
  if (status === null) return []
  const ids = [
    ...(Array.isArray(data.input_ids) ? data.input_ids.map(readText) : []),
    readText(data.input_id),
  ].filter((id): id is string => id !== null)
  return [...new Set(ids)].map((inputId) => ({
    inputId,
    kind: kindOf(data.kind),
    status,
    reason: readText(data.reason),
    turnId: readText(data.turn_id),
    runId: readText(data.run_id),
    at: readNumber(event.created_at),
    eventId: readText(event.id),
  }))
}

/** GET inputs: `{data:[envelope], as_of}`. Envelopes the console cannot read are left out. */
export function decodeInputList(value: unknown, what = 'inputs'): InputEntry[] {
  const record = expectRecord(value, what)
  if (!Array.isArray(record.data)) throw malformedField(what, 'data')
  return record.data.flatMap(inputEntriesOf)
}
