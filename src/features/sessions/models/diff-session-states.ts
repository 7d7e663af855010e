import type { SessionState } from './fold-session-state'
import { t } from '@/i18n'

export type StateChange = {
  section: 'session' | 'turns' | 'tools' | 'items' | 'required actions' | 'usage'
  key: string
  before: string | null
  after: string | null
}

export function sectionLabel(section: StateChange['section']): string {
  switch (section) {
    case 'session':
      return t('sessions.compare.section.session')
    case 'turns':
      return t('sessions.compare.section.turns')
    case 'tools':
      return t('sessions.compare.section.tools')
    case 'items':
      return t('sessions.compare.section.items')
    case 'required actions':
      return t('sessions.compare.section.requiredActions')
    case 'usage':
      return t('sessions.compare.section.usage')
  }
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
    t('sessions.compare.usage', {
      calls: state.usage.modelCalls,
      input: state.usage.inputTokens,
      output: state.usage.outputTokens,
    })
  if (usage(before) !== usage(after)) {
    changes.push({ section: 'usage', key: 'tokens', before: usage(before), after: usage(after) })
  }
  return changes
}
