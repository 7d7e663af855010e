import { useId, useMemo, useState } from 'react'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { diffSessionStates } from '../models/diff-session-states'
import { foldSessionState } from '../models/fold-session-state'
import { Input } from '@/components/ui/input'
import { Notice } from '@/components/ui/notice'
import { formatExactTime } from '@/lib/format-time'

function clamp(value: number, max: number): number {
  return Math.min(Math.max(1, Math.round(value) || 1), Math.max(1, max))
}

/** Compares the session at two points of its log: which turns, tools, items and actions moved. */
export function SnapshotCompare({ log, initialFrom }: { log: SessionEventLog; initialFrom: number }) {
  const id = useId()
  const size = log.store.size
  const [from, setFrom] = useState(initialFrom)
  const [to, setTo] = useState<number | null>(null)
  const end = to ?? size
  const a = clamp(from, size)
  const b = clamp(end, size)
  const changes = useMemo(() => {
    const events = log.store.all()
    return diffSessionStates(foldSessionState(events, a - 1), foldSessionState(events, b - 1))
    // `version` says the log grew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a, b, log.store, log.version])
  if (size === 0) return <Notice>No events to compare yet.</Notice>
  const describe = (position: number) => {
    const event = log.store.at(position - 1)
    return event ? `${event.type} · ${formatExactTime(event.created_at)}` : ''
  }
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Compare two points
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {[
          { label: 'From event #', value: a, onChange: setFrom },
          { label: 'To event #', value: b, onChange: (value: number) => setTo(value) },
        ].map((field) => (
          <div key={field.label} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${field.label}`} className="text-xs font-medium">
              {field.label} (1–{size.toLocaleString()})
            </label>
            <Input
              id={`${id}-${field.label}`}
              type="number"
              min={1}
              max={size}
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              className="w-40"
            />
            <span className="font-mono text-xs text-muted-foreground">{describe(field.value)}</span>
          </div>
        ))}
      </div>
      {changes.length === 0 ? (
        <Notice>Nothing changed between these points.</Notice>
      ) : (
        <table className="w-full text-left text-xs">
          <caption className="sr-only">
            Changes between event {a} and event {b}
          </caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1">
                What
              </th>
              <th scope="col" className="px-2 py-1">
                Which
              </th>
              <th scope="col" className="px-2 py-1">
                Before
              </th>
              <th scope="col" className="px-2 py-1">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, 200).map((change) => (
              <tr key={`${change.section}:${change.key}`} className="border-t border-border">
                <td className="px-2 py-1">{change.section}</td>
                <td className="px-2 py-1 font-mono break-all">{change.key}</td>
                <td className="px-2 py-1">{change.before ?? '—'}</td>
                <td className="px-2 py-1">{change.after ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {changes.length > 200 ? (
        <p className="text-xs text-muted-foreground">First 200 of {changes.length} changes.</p>
      ) : null}
    </section>
  )
}
