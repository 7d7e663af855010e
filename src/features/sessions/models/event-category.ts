import type { PublicEvent } from './event-store'
import { isFailedTool, toolEventData, turnEventData } from '@/data/sessions/event-data'
import { t } from '@/i18n'

export const EVENT_CATEGORIES = ['turn', 'message', 'tool', 'action', 'usage', 'session', 'other'] as const
export type EventCategory = (typeof EVENT_CATEGORIES)[number]

export function categoryLabel(category: EventCategory): string {
  switch (category) {
    case 'turn':
      return t('sessions.category.turn')
    case 'message':
      return t('sessions.category.message')
    case 'tool':
      return t('sessions.category.tool')
    case 'action':
      return t('sessions.category.action')
    case 'usage':
      return t('sessions.category.usage')
    case 'session':
      return t('sessions.category.session')
    case 'other':
      return t('sessions.category.other')
  }
}

/** The filter family of an event type; unknown future types land in `other`, never dropped. */
export function eventCategory(type: string): EventCategory {
  const family = type.split('.', 1)[0]
  switch (family) {
    case 'turn':
    case 'run':
    case 'step':
      return 'turn'
    case 'item':
    case 'model':
      return 'message'
    case 'tool':
      return 'tool'
    case 'required_action':
    case 'input':
      return 'action'
    case 'usage':
    case 'budget':
      return 'usage'
    case 'session':
    case 'context':
      return 'session'
    default:
      return 'other'
  }
}

const ERROR_TYPES = new Set([
  'turn.failed',
  'turn.interrupted',
  'session.error',
  'session.status_terminated',
  'required_action.rejected',
  'input.rejected',
  'budget.exceeded',
])

/** What "jump to next error" stops at: failures of turns, runs, tools, deliveries and budgets. */
export function isErrorEvent(event: PublicEvent): boolean {
  if (ERROR_TYPES.has(event.type)) return true
  if (event.type === 'run.ended') {
    const status = turnEventData(event)?.status
    return status === 'failed' || status === 'interrupted'
  }
  if (event.type === 'tool.completed') {
    const tool = toolEventData(event)
    return tool !== null && isFailedTool(tool)
  }
  return false
}
