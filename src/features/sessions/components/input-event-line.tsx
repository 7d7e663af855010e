import { inputEntriesOf } from '@/data/sessions/decode-inputs'
import type { PublicEvent } from '../models/event-store'
import { INPUT_KIND_LABEL } from './input-ledger-panel'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

export function isInputEvent(event: PublicEvent): boolean {
  return event.type.startsWith('input.')
}

/**
 * An `input.*` event at its place in the transcript: where steering or injected context was
 * applied to the conversation (or rejected, with the reason).
 */
export function InputEventLine({ event }: { event: PublicEvent }) {
  const { t } = useT('sessions:inspector')
  return (
    <div className="flex flex-col gap-0.5 px-1" data-testid="input-event">
      {inputEntriesOf(event).map((entry) => {
        const values = { kind: INPUT_KIND_LABEL[entry.kind ?? 'unknown'](), input: entry.inputId }
        return (
          <p key={entry.inputId} className="flex min-w-0 flex-wrap items-center gap-2 text-xs">
            <Badge
              tone={entry.status === 'applied' ? 'success' : entry.status === 'rejected' ? 'danger' : 'info'}
            >
              {event.type}
            </Badge>
            <span className="min-w-0 break-all">
              {entry.status === 'applied'
                ? t('sessions.inputs.mark.applied', values)
                : entry.status === 'rejected'
                  ? t('sessions.inputs.mark.rejected', { ...values, reason: entry.reason ?? '' })
                  : t('sessions.inputs.mark.accepted', values)}
            </span>
          </p>
        )
      })}
    </div>
  )
}
