import type { components } from '@/api/schema.gen'
import type { MockBackend } from './backend'
import type { WorkItemRecord } from '../db/types'

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

export type WorkStoppedListener = (item: WorkItemRecord) => void

/** A worker stopped its claim; the engine re-queues work when tools of the session still wait. */
const stopListeners = new WeakMap<MockBackend, Set<WorkStoppedListener>>()

export function onWorkStopped(backend: MockBackend, listener: WorkStoppedListener): () => void {
  let set = stopListeners.get(backend)
  if (!set) {
    set = new Set()
    stopListeners.set(backend, set)
  }
  set.add(listener)
  return () => {
    set.delete(listener)
  }
}

export function emitWorkStopped(backend: MockBackend, item: WorkItemRecord): void {
  for (const listener of [...(stopListeners.get(backend) ?? [])]) listener(item)
}
