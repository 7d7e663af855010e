import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { canWriteResources, READ_ONLY_REASON } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { CreateSessionDialog } from '@/features/sessions/components/create-session-dialog'
import { SessionsTable } from '@/features/sessions/components/sessions-table'

export default function SessionsRoute() {
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  const canWrite = canWriteResources(roles)
  const [params] = useSearchParams()
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Agent sessions, where they run and why, and their latest activity."
        actions={
          canWrite ? (
            <CreateSessionDialog initialAgentId={params.get('agentId') ?? ''} />
          ) : (
            <span className="flex max-w-md items-center gap-2 text-xs text-muted-foreground">
              <Badge tone="warning">Read-only</Badge>
              {READ_ONLY_REASON}
            </span>
          )
        }
      />
      <div className="p-6">
        <SessionsTable canWrite={canWrite} />
      </div>
    </>
  )
}
