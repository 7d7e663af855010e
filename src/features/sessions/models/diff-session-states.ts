import type { SessionState } from './fold-session-state'

export type StateChange = {
  section: 'session' | 'turns' | 'tools' | 'items' | 'required actions' | 'usage'
  key: string
  before: string | null
  after: string | null
}

function diffRecords(
  section: StateChange['section'],
  before: Record<string, string>,
  after: Record<string, string>,
): StateChange[] {
  const changes: StateChange[] = []
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key] ?? null
    const b = after[key] ?? null
    if (a !== b) changes.push({ section, key, before: a, after: b })
  }
  return changes
}

/** What changed between two points of a session: new or moved turns, tools, items, actions, usage. */
export function diffSessionStates(before: SessionState, after: SessionState): StateChange[] {
  const changes: StateChange[] = []
  if (before.sessionStatus !== after.sessionStatus) {
    changes.push({
      section: 'session',
      key: 'status',
      before: before.sessionStatus,
      after: after.sessionStatus,
    })
  }
  changes.push(
    ...diffRecords('turns', before.turns, after.turns),
    ...diffRecords('tools', before.tools, after.tools),
    ...diffRecords('items', before.items, after.items),
    ...diffRecords('required actions', before.requiredActions, after.requiredActions),
  )
  const usage = (state: SessionState) =>
    `${state.usage.modelCalls} calls, ${state.usage.inputTokens} in / ${state.usage.outputTokens} out tokens`
  if (usage(before) !== usage(after)) {
    changes.push({ section: 'usage', key: 'tokens', before: usage(before), after: usage(after) })
  }
  return changes
}
