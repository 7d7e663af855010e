import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

export type TabItem<T extends string> = { value: T; label: ReactNode; isDisabled?: boolean }

const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`
const tabPanelId = (idBase: string, value: string) => `${idBase}-panel-${value}`

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. The caller
 * owns the value (often in the URL) and may refuse a change by not applying it.
 */
export function Tabs<T extends string>({
  label,
  idBase,
  items,
  value,
  onValueChange,
  className,
}: {
  label: string
  idBase: string
  items: readonly TabItem<T>[]
  value: T
  onValueChange: (value: T) => void
  className?: string
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const enabled = items.filter((item) => !item.isDisabled)

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // From the tab that has focus, not the selected value: a change the caller applies in a
    // transition (a router navigation that loads a lazy panel) is not rendered yet when the next
    // arrow key comes, and counting from the old value would land on the same tab again.
    const focusedId = event.target instanceof HTMLElement ? event.target.id : ''
    const focused = enabled.findIndex((item) => tabId(idBase, item.value) === focusedId)
    const index = focused >= 0 ? focused : enabled.findIndex((item) => item.value === value)
    const last = enabled.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    const target = next === null ? undefined : enabled[next]
    if (!target) return
    event.preventDefault()
    onValueChange(target.value)
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, target.value))}`)?.focus()
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={handleKeyDown}
      className={cn('flex flex-wrap gap-1 border-b border-border', className)}
    >
      {items.map((item) => {
        const isSelected = item.value === value
        return (
          <button
            key={item.value}
            id={tabId(idBase, item.value)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            // Only the selected panel is rendered; pointing at a missing id is an ARIA error.
            aria-controls={isSelected ? tabPanelId(idBase, item.value) : undefined}
            tabIndex={isSelected ? 0 : -1}
            disabled={item.isDisabled}
            onClick={() => onValueChange(item.value)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50',
              isSelected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

export function TabPanel({
  idBase,
  value,
  children,
  className,
}: {
  idBase: string
  value: string
  children: ReactNode
  className?: string
}) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idBase, value)}
      aria-labelledby={tabId(idBase, value)}
      tabIndex={0}
      className={cn('pt-4 focus-visible:outline-2 focus-visible:outline-ring', className)}
    >
      {children}
    </div>
  )
}
