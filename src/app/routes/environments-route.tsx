import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { EnvironmentsTable } from '@/features/environments/components/environments-table'
import { canWriteResources, READ_ONLY_REASON } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'

export default function EnvironmentsRoute() {
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  const canWrite = canWriteResources(roles)
  return (
    <>
      <PageHeader
        title="Environments"
        description="Where agents' file and shell tools execute."
        actions={
          canWrite ? null : (
            <span className="flex max-w-md items-center gap-2 text-xs text-muted-foreground">
              <Badge tone="warning">Read-only</Badge>
              {READ_ONLY_REASON}
            </span>
          )
        }
      />
      <div className="p-6">
        <EnvironmentsTable />
      </div>
    </>
  )
}
