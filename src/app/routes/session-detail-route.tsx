import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { canWriteResources, READ_ONLY_REASON } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { SessionInspector } from '@/features/sessions/components/session-inspector'

export default function SessionDetailRoute() {
  const { sessionId = '' } = useParams()
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  const canWrite = canWriteResources(roles)
  return (
    <>
      <PageHeader
        title="Session"
        description={<span className="font-mono">{sessionId}</span>}
        actions={
          <>
            {canWrite ? null : (
              <span className="flex max-w-md items-center gap-2 text-xs text-muted-foreground">
                <Badge tone="warning">Read-only</Badge>
                {READ_ONLY_REASON}
              </span>
            )}
            <Link className="text-sm text-primary hover:underline" to="/sessions">
              All sessions
            </Link>
          </>
        }
      />
      <div className="p-6">
        {/* Keyed by session: the event log, its cursor and the live stream belong to one session. */}
        <SessionInspector key={sessionId} sessionId={sessionId} canWrite={canWrite} />
      </div>
    </>
  )
}
