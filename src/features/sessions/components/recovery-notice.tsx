import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { recoveryQuery, traceGateOf } from '@/data/sessions/trace'
import type { Turn } from '@/data/sessions/types'
import { useT } from '@/i18n'

/** A run that died mid-tool leaves its turn interrupted, or failed again by a resume it refused. */
const MAY_BE_STUCK: ReadonlySet<string> = new Set(['interrupted', 'failed'])

/**
 * Says plainly, beside the stall diagnosis, when the latest turn is stuck on tool calls whose
 * outcome is unknown, and points to the recovery desk. Asks the server only for a turn that may
 * be stuck this way; a gated trace surface (off, or no role) is named rather than guessed around.
 */
export function RecoveryNotice({ sessionId, turn }: { sessionId: string; turn: Turn }) {
  // Only a turn that may be stuck asks the server (and loads the desk's strings).
  return MAY_BE_STUCK.has(turn.status) ? <StuckTurnNotice sessionId={sessionId} turn={turn} /> : null
}

function StuckTurnNotice({ sessionId, turn }: { sessionId: string; turn: Turn }) {
  const { t } = useT('sessions:recovery')
  const recovery = useQuery(recoveryQuery(sessionId))
  const count = recovery.data?.uncertainToolCallIds.length ?? 0
  if (count > 0) {
    return (
      <Notice tone="warning" title={t('sessions.recovery.notice.title')} className="mt-3">
        <p>{t('sessions.recovery.notice.body', { count })}</p>
        <Link to={`?tab=recovery`} className="font-medium underline">
          {t('sessions.recovery.notice.open')}
        </Link>
      </Notice>
    )
  }
  if (turn.status === 'interrupted' && traceGateOf(recovery.error) !== null) {
    return (
      <Notice tone="info" className="mt-3">
        {t('sessions.recovery.notice.gated', { status: turn.status })}{' '}
        <Link to={`?tab=recovery`} className="underline">
          {t('sessions.recovery.notice.open')}
        </Link>
      </Notice>
    )
  }
  return null
}
