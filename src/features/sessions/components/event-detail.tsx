import { RawJsonPanel } from './raw-json-panel'
import { eventTurnId } from '@/data/sessions/event-data'
import type { PublicEvent } from '../models/event-store'
import { CopyButton } from '@/components/ui/copy-button'
import { useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'

/** The selected event: where it sits in the log, a permalink, and its raw JSON (masked). */
export function EventDetail({ event }: { event: PublicEvent }) {
  const { t } = useT('sessions')
  const turnId = eventTurnId(event)
  const permalink = () => {
    const url = new URL(window.location.href)
    url.searchParams.set('event', event.id)
    return url.toString()
  }
  return (
    <section aria-label={t('sessions.detail.label')} className="flex min-w-0 flex-col gap-3">
      <h3 className="font-mono text-sm font-semibold break-all">{event.type}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">{t('sessions.detail.eventId')}</dt>
        <dd className="font-mono break-all">{event.id}</dd>
        <dt className="text-muted-foreground">{t('sessions.detail.time')}</dt>
        <dd>{formatExactTime(event.created_at)}</dd>
        <dt className="text-muted-foreground">{t('sessions.detail.cursor')}</dt>
        <dd className="font-mono break-all">{event.cursor}</dd>
        {turnId ? (
          <>
            <dt className="text-muted-foreground">{t('sessions.detail.turn')}</dt>
            <dd className="font-mono break-all">{turnId}</dd>
          </>
        ) : null}
      </dl>
      <CopyButton text={permalink} label={t('sessions.detail.copyLinkLabel')}>
        {t('sessions.detail.copyLink')}
      </CopyButton>
      <RawJsonPanel value={event} label={t('sessions.detail.json')} filename={`${event.id}.json`} />
    </section>
  )
}
