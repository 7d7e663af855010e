import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../backend'

type Schemas = components['schemas']

/** What a worker delivered for a session: the results and the pending tool calls they answered. */
export type ToolResultsDelivery = {
  sessionId: string
  environmentId: string
  results: Schemas['ToolResult'][]
  answered: Schemas['PendingTool'][]
}

export type ToolResultsListener = (delivery: ToolResultsDelivery) => void

/**
 * The worker protocol records results; the session engine subscribes here to resume the suspended
 * turn. Keyed by backend so parallel test backends never hear each other.
 */
const listeners = new WeakMap<MockBackend, Set<ToolResultsListener>>()

export function onToolResults(backend: MockBackend, listener: ToolResultsListener): () => void {
  let set = listeners.get(backend)
  if (!set) {
    set = new Set()
    listeners.set(backend, set)
  }
  set.add(listener)
  return () => {
    set.delete(listener)
  }
}

export function emitToolResults(backend: MockBackend, delivery: ToolResultsDelivery): void {
  for (const listener of [...(listeners.get(backend) ?? [])]) listener(delivery)
}
