import { EVENT_CATEGORIES, eventCategory, type EventCategory } from './event-category'
import type { PublicEvent } from './event-store'

/** The timeline filter as held in the URL: `cat=tool,message`, `type=tool.completed`, `q=text`. */
export type EventFilter = {
  /** Null shows every category. */
  categories: ReadonlySet<EventCategory> | null
  type: string | null
  query: string
}

export const EMPTY_FILTER: EventFilter = { categories: null, type: null, query: '' }

export function parseEventFilter(params: URLSearchParams): EventFilter {
  const raw = params.get('cat')
  const categories = raw
    ? new Set(
        raw.split(',').filter((value): value is EventCategory => EVENT_CATEGORIES.some((c) => c === value)),
      )
    : null
  return {
    categories: categories && categories.size > 0 ? categories : null,
    type: params.get('type') || null,
    query: (params.get('q') ?? '').trim(),
  }
}

/**
 * The filter's part of the address in one canonical string, so a change elsewhere in the URL (the
 * selected event) keeps the same filter and the timeline is not rebuilt.
 */
export function eventFilterParams(params: URLSearchParams): string {
  const canonical = new URLSearchParams()
  for (const name of ['cat', 'type', 'q']) {
    const value = params.get(name)
    if (value) canonical.set(name, value)
  }
  return canonical.toString()
}

export function isFilterActive(filter: EventFilter): boolean {
  return filter.categories !== null || filter.type !== null || filter.query !== ''
}

// Lowercased searchable text per event, built once: a 100,000-event search stays one pass of
// `includes` instead of one JSON.stringify per event per keystroke.
const searchText = new WeakMap<PublicEvent, string>()

function textOf(event: PublicEvent): string {
  let text = searchText.get(event)
  if (text === undefined) {
    text = `${event.id} ${event.type} ${JSON.stringify(event.data)}`.toLowerCase()
    searchText.set(event, text)
  }
  return text
}

export function matchesEventFilter(event: PublicEvent, filter: EventFilter): boolean {
  if (filter.type !== null && event.type !== filter.type) return false
  if (filter.categories !== null && !filter.categories.has(eventCategory(event.type))) return false
  if (filter.query !== '' && !textOf(event).includes(filter.query.toLowerCase())) return false
  return true
}
