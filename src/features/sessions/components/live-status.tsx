import type { SessionEventLog } from '../hooks/use-session-event-log'
import { useLiveFollowStore } from '../stores/live-follow-store'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'

function describe(log: SessionEventLog): { label: string; tone: 'live' | 'busy' | 'idle' | 'error' } {
  switch (log.phase) {
    case 'snapshot':
      return { label: 'Restoring from the snapshot…', tone: 'busy' }
    case 'history':
      return { label: `Loading history… ${log.store.size.toLocaleString()} events`, tone: 'busy' }
    case 'failed':
      return { label: `Could not load events: ${errorMessage(log.error)}`, tone: 'error' }
    case 'live':
      break
  }
  switch (log.liveStatus) {
    case 'live':
      return { label: 'Live', tone: 'live' }
    case 'connecting':
      return { label: 'Connecting…', tone: 'busy' }
    case 'reconnecting':
      return { label: `Reconnecting (attempt ${log.reconnectAttempt + 1})…`, tone: 'busy' }
    case 'paused':
      return { label: 'Paused', tone: 'idle' }
    case 'closed':
      return { label: 'Disconnected', tone: 'idle' }
  }
}

const DOT: Record<'live' | 'busy' | 'idle' | 'error', string> = {
  live: 'bg-success',
  busy: 'bg-warning animate-pulse',
  idle: 'bg-muted-foreground',
  error: 'bg-destructive',
}

/** The stream's state, with pause/resume and follow (keep the newest event in view). */
export function LiveStatus({ log }: { log: SessionEventLog }) {
  const isFollowing = useLiveFollowStore((state) => state.isFollowing)
  const setFollowing = useLiveFollowStore((state) => state.setFollowing)
  const { label, tone } = describe(log)
  const isPaused = log.liveStatus === 'paused'
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="live-status">
      <span className="inline-flex items-center gap-2" role="status">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', DOT[tone])} />
        <span className={tone === 'error' ? 'text-destructive' : undefined}>{label}</span>
      </span>
      {log.phase === 'failed' ? (
        <Button size="sm" onClick={log.retry}>
          Try again
        </Button>
      ) : null}
      {log.phase === 'live' ? (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={isPaused}
            onClick={isPaused ? log.resume : log.pause}
          >
            {isPaused ? 'Resume stream' : 'Pause stream'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={isFollowing}
            onClick={() => setFollowing(!isFollowing)}
          >
            {isFollowing ? 'Following newest' : 'Follow newest'}
          </Button>
        </>
      ) : null}
    </div>
  )
}
