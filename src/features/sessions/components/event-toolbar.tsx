import { useEffect, useState } from 'react'
import { CATEGORY_LABELS, EVENT_CATEGORIES, type EventCategory } from '../models/event-category'
import { isFilterActive, type EventFilter } from '../models/event-filter'
import { Button } from '@/components/ui/button'
import { Input, Select } from '@/components/ui/input'

type EventToolbarProps = {
  filter: EventFilter
  types: readonly string[]
  errorCount: number
  onChange: (changes: Record<string, string | null>) => void
  onNextError: () => void
  onDownload: () => void
}

/** Category, type and text filters (all in the URL), jump to the next error, download the log. */
export function EventToolbar({
  filter,
  types,
  errorCount,
  onChange,
  onNextError,
  onDownload,
}: EventToolbarProps) {
  const [query, setQuery] = useState(filter.query)
  // The URL is the source of truth; typing is debounced into it so each keystroke is not a history entry.
  useEffect(() => {
    if (query.trim() === filter.query) return
    const timer = window.setTimeout(() => onChange({ q: query.trim() || null }), 250)
    return () => window.clearTimeout(timer)
  }, [query, filter.query, onChange])

  const toggleCategory = (category: EventCategory) => {
    const current = new Set(filter.categories ?? [])
    if (current.has(category)) current.delete(category)
    else current.add(category)
    onChange({ cat: current.size === 0 ? null : EVENT_CATEGORIES.filter((c) => current.has(c)).join(',') })
  }

  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label="Event categories" className="flex flex-wrap gap-1">
        {EVENT_CATEGORIES.map((category) => {
          const isOn = filter.categories?.has(category) ?? false
          return (
            <Button
              key={category}
              size="sm"
              variant={isOn ? 'primary' : 'secondary'}
              aria-pressed={isOn}
              onClick={() => toggleCategory(category)}
            >
              {CATEGORY_LABELS[category]}
            </Button>
          )
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor="event-search">
          Search events
        </label>
        <div className="w-72">
          <Input
            id="event-search"
            type="search"
            placeholder="Search type, id or payload…"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <label className="sr-only" htmlFor="event-type">
          Event type
        </label>
        <Select
          className="max-w-56"
          id="event-type"
          value={filter.type ?? ''}
          onChange={(event) => onChange({ type: event.target.value || null })}
        >
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
        {isFilterActive(filter) ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setQuery('')
              onChange({ cat: null, type: null, q: null })
            }}
          >
            Clear filters
          </Button>
        ) : null}
        <span className="ml-auto flex gap-2">
          <Button size="sm" disabled={errorCount === 0} onClick={onNextError}>
            Next error{errorCount > 0 ? ` (${errorCount})` : ''}
          </Button>
          <Button size="sm" onClick={onDownload}>
            Download events
          </Button>
        </span>
      </div>
    </div>
  )
}
