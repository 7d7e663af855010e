import { useCallback, useId, useState } from 'react'
import { selectSize, useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { diffSessionStates, sectionLabel, type StateChange } from '../models/diff-session-states'
import type { EventStore } from '../models/event-store'
import { foldSessionState } from '../models/fold-session-state'
import { statusLabel } from '../models/status-label'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'

/** Usage values are sentences already; everything else is a status word. */
function valueLabel(change: StateChange, value: string | null): string {
  if (value === null) return '—'
  return change.section === 'usage' ? value : statusLabel(value)
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(1, Math.round(value) || 1), Math.max(1, max))
}

/** Compares the session at two points of its log: which turns, tools, items and actions moved. */
export function SnapshotCompare({ log, initialFrom }: { log: SessionEventLog; initialFrom: number }) {
  const { t } = useT('sessions')
  const id = useId()
  const size = useEventLog(log.store, selectSize)
  const [from, setFrom] = useState(initialFrom)
  const [to, setTo] = useState<number | null>(null)
  const end = to ?? size
  const a = clamp(from, size)
  const b = clamp(end, size)
  const changes = useEventLog(
    log.store,
    useCallback(
      (store: EventStore) => {
        const events = store.all()
        return diffSessionStates(foldSessionState(events, a - 1), foldSessionState(events, b - 1))
      },
      [a, b],
    ),
  )
  if (size === 0) return <Notice>{t('sessions.compare.noEvents')}</Notice>
  const describe = (position: number) => {
    const event = log.store.at(position - 1)
    return event ? `${event.type} · ${formatExactTime(event.created_at)}` : ''
  }
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t('sessions.compare.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {[
          { key: 'from', label: t('sessions.compare.from', { max: size }), value: a, onChange: setFrom },
          {
            key: 'to',
            label: t('sessions.compare.to', { max: size }),
            value: b,
            onChange: (value: number) => setTo(value),
          },
        ].map((field) => (
          <Field
            key={field.key}
            label={field.label}
            size="small"
            hint={<span className="font-mono">{describe(field.value)}</span>}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                max={size}
                value={field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
                className="w-40"
              />
            )}
          </Field>
        ))}
      </div>
      {changes.length === 0 ? (
        <Notice>{t('sessions.compare.noChanges')}</Notice>
      ) : (
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{t('sessions.compare.caption', { from: a, to: b })}</caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1">
                {t('sessions.compare.what')}
              </th>
              <th scope="col" className="px-2 py-1">
                {t('sessions.compare.which')}
              </th>
              <th scope="col" className="px-2 py-1">
                {t('sessions.compare.before')}
              </th>
              <th scope="col" className="px-2 py-1">
                {t('sessions.compare.after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, 200).map((change) => (
              <tr key={`${change.section}:${change.key}`} className="border-t border-border">
                <td className="px-2 py-1">{sectionLabel(change.section)}</td>
                <td className="px-2 py-1 font-mono break-all">{change.key}</td>
                <td className="px-2 py-1">{valueLabel(change, change.before)}</td>
                <td className="px-2 py-1">{valueLabel(change, change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {changes.length > 200 ? (
        <p className="text-xs text-muted-foreground">
          {t('sessions.compare.truncated', { shown: 200, count: changes.length })}
        </p>
      ) : null}
    </section>
  )
}
