import { Link } from '@/components/ui/link'
import type { Takeover } from '@/data/work/claim-takeovers'
import type { WorkItem } from '@/data/work/types'
import { VisibleText } from '@/components/text/visible-text'
import { Notice } from '@/components/ui/notice'
import { RichText, useT } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'

/** In a sentence: the session's title as the link, its id beside it (the id alone until a title is known). */
function SessionLink({ sessionId, title }: { sessionId: string; title: string | null }) {
  const to = `/sessions/${encodeURIComponent(sessionId)}`
  if (title === null)
    return (
      <Link className="font-mono text-primary hover:underline" to={to}>
        {sessionId}
      </Link>
    )
  return (
    <>
      <Link className="text-primary hover:underline" to={to}>
        <VisibleText text={title} />
      </Link>{' '}
      <code className="font-mono text-xs text-muted-foreground">({sessionId})</code>
    </>
  )
}

/**
 * Claims changing hands (api-notes C13): a claim with no heartbeat for 60 s goes to the next
 * other worker that polls, straight to `starting`. The server records neither, so the screen says
 * what it saw change and what is about to.
 */
export function ClaimHandoverNotices({
  takeovers,
  staleClaims,
  now,
  sessionTitle,
}: {
  takeovers: readonly Takeover[]
  staleClaims: readonly WorkItem[]
  now: number
  /** What to call a session; null shows its id. */
  sessionTitle: (sessionId: string) => string | null
}) {
  const { t } = useT('environments')
  if (takeovers.length === 0 && staleClaims.length === 0) return null
  return (
    <div className="flex flex-col gap-2" role="status">
      {staleClaims.length > 0 ? (
        <Notice tone="warning" title={t('environments.handover.staleTitle', { count: staleClaims.length })}>
          <ul className="flex flex-col gap-1">
            {staleClaims.map((item) => (
              <li key={item.id}>
                <RichText
                  id="environments.handover.stale"
                  values={{
                    worker: <code className="font-mono">{item.claimedBy}</code>,
                    session: <SessionLink sessionId={item.sessionId} title={sessionTitle(item.sessionId)} />,
                    silent: formatDuration(Math.max(0, now - item.updatedAt)),
                  }}
                />
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {takeovers.length > 0 ? (
        <Notice tone="info" title={t('environments.handover.takenOverTitle', { count: takeovers.length })}>
          <ul className="flex flex-col gap-1">
            {takeovers.map((takeover) => (
              <li key={`${takeover.itemId}-${takeover.to}-${takeover.at}`}>
                <RichText
                  id="environments.handover.takenOver"
                  values={{
                    to: <code className="font-mono">{takeover.to}</code>,
                    from: <code className="font-mono">{takeover.from}</code>,
                    session: (
                      <SessionLink sessionId={takeover.sessionId} title={sessionTitle(takeover.sessionId)} />
                    ),
                  }}
                />
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
    </div>
  )
}
