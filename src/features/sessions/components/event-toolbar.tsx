import { useEffect, useState } from 'react'
import { categoryLabel, EVENT_CATEGORIES, type EventCategory } from '../models/event-category'
import { isFilterActive, type EventFilter } from '../models/event-filter'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input, Select } from '@/components/ui/input'
import { useT } from '@/i18n'

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
  const { t } = useT('sessions')
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
      <div role="group" aria-label={t('sessions.toolbar.categories')} className="flex flex-wrap gap-1">
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
              {categoryLabel(category)}
            </Button>
          )
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Field label={<span className="sr-only">{t('sessions.toolbar.search')}</span>} className="w-72 gap-0">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder={t('sessions.toolbar.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
        </Field>
        <Field label={<span className="sr-only">{t('sessions.toolbar.type')}</span>} className="gap-0">
          {(control) => (
            <Select
              {...control}
              className="max-w-56"
              value={filter.type ?? ''}
              onChange={(event) => onChange({ type: event.target.value || null })}
            >
              <option value="">{t('sessions.toolbar.allTypes')}</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {isFilterActive(filter) ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setQuery('')
              onChange({ cat: null, type: null, q: null })
            }}
          >
            {t('sessions.toolbar.clear')}
          </Button>
        ) : null}
        <span className="ml-auto flex gap-2">
          <Button size="sm" disabled={errorCount === 0} onClick={onNextError}>
            {errorCount > 0
              ? t('sessions.toolbar.nextErrorCount', { count: errorCount })
              : t('sessions.toolbar.nextError')}
          </Button>
          <Button size="sm" onClick={onDownload}>
            {t('sessions.toolbar.download')}
          </Button>
        </span>
      </div>
    </div>
  )
}
