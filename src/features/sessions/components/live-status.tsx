import { selectSize, useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { describeCursorRecovery, isCursorRecoveryError } from '../models/cursor-recovery'
import { useLiveFollowStore } from '../stores/live-follow-store'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { t, useT } from '@/i18n'
import { cn } from '@/lib/cn'

type Tone = 'live' | 'busy' | 'idle' | 'error'

function failureLabel(error: unknown): string {
  return isCursorRecoveryError(error)
    ? describeCursorRecovery(error)
    : t('sessions.live.failed', { error: errorMessage(error) })
}

function describe(log: SessionEventLog, size: number): { label: string; tone: Tone } {
  switch (log.phase) {
    case 'snapshot':
      return { label: t('sessions.live.restoring'), tone: 'busy' }
    case 'history':
      return { label: t('sessions.live.loadingHistory', { count: size }), tone: 'busy' }
    case 'failed':
      return { label: failureLabel(log.error), tone: 'error' }
    case 'live':
      break
  }
  switch (log.liveStatus) {
    case 'live':
      return { label: t('sessions.live.live'), tone: 'live' }
    case 'connecting':
      return { label: t('sessions.live.connecting'), tone: 'busy' }
    case 'reconnecting':
      return { label: t('sessions.live.reconnecting', { attempt: log.reconnectAttempt + 1 }), tone: 'busy' }
    case 'paused':
      return { label: t('sessions.live.paused'), tone: 'idle' }
    case 'closed':
      return { label: t('sessions.live.closed'), tone: 'idle' }
    case 'failed':
      return { label: failureLabel(log.liveError), tone: 'error' }
  }
}

const DOT: Record<Tone, string> = {
  live: 'bg-success',
  busy: 'bg-warning animate-pulse',
  idle: 'bg-muted-foreground',
  error: 'bg-destructive',
}

/** The stream's state, with pause/resume and follow (keep the newest event in view). */
export function LiveStatus({ log }: { log: SessionEventLog }) {
  useT('sessions')
  const size = useEventLog(log.store, selectSize)
  const isFollowing = useLiveFollowStore((state) => state.isFollowing)
  const setFollowing = useLiveFollowStore((state) => state.setFollowing)
  const { label, tone } = describe(log, size)
  const isPaused = log.liveStatus === 'paused'
  const hasFailed = log.phase === 'failed' || (log.phase === 'live' && log.liveStatus === 'failed')
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="live-status">
      <span className="inline-flex items-center gap-2" role="status">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', DOT[tone])} />
        <span className={tone === 'error' ? 'text-destructive' : undefined}>{label}</span>
      </span>
      {hasFailed ? (
        <Button size="sm" onClick={log.retry}>
          {t('sessions.live.retry')}
        </Button>
      ) : null}
      {log.phase === 'live' && !hasFailed ? (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={isPaused}
            onClick={isPaused ? log.resume : log.pause}
          >
            {isPaused ? t('sessions.live.resume') : t('sessions.live.pause')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={isFollowing}
            onClick={() => setFollowing(!isFollowing)}
          >
            {isFollowing ? t('sessions.live.following') : t('sessions.live.follow')}
          </Button>
        </>
      ) : null}
    </div>
  )
}
