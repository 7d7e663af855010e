import { eventFilterParams } from './event-filter'

/**
 * The session page's tabs, in the order of its tab strip. Plain data, apart from the views: the
 * start-up code reads which tab a page opens on without loading the page's components.
 */
export const SESSION_TABS = [
  'transcript',
  'waterfall',
  'events',
  'tools',
  'snapshot',
  'environment',
  'files',
  'subagents',
  'recovery',
  'checkpoints',
  'budget',
] as const

export type SessionTab = (typeof SESSION_TABS)[number]

/**
 * The tab a link opens: as asked, else the event log for links made before the transcript existed
 * (an event permalink or an event filter), else the transcript.
 */
export function sessionTabOf(params: URLSearchParams): SessionTab {
  const asked = SESSION_TABS.find((value) => value === params.get('tab'))
  if (asked) return asked
  return params.get('event') !== null || eventFilterParams(params) !== '' ? 'events' : 'transcript'
}
