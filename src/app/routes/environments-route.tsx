import { lazy, Suspense, useState } from 'react'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { CurlScopeProvider } from '@/features/environments/components/curl-scope'
import { EnvironmentsTable } from '@/features/environments/components/environments-table'
import { canWriteResources, READ_ONLY_REASON } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useScopeStore } from '@/features/identity/stores/scope-store'

// The create dialog (config editor, key dialog, worker guide) loads on first use, not with the list.
const CreateEnvironmentFlow = lazy(async () => ({
  default: (await import('@/features/environments/components/create-environment-flow')).CreateEnvironmentFlow,
}))

export default function EnvironmentsRoute() {
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  const tenant = useScopeStore((state) => state.tenant)
  const namespace = useScopeStore((state) => state.namespace)
  const canWrite = canWriteResources(roles)
  const [isCreateOpen, setIsCreateOpen] = useState(false)
  // Stays mounted after the first opening: the flow holds the one-time key after the form closes.
  const [hasOpenedCreate, setHasOpenedCreate] = useState(false)
  const openCreate = () => {
    setHasOpenedCreate(true)
    setIsCreateOpen(true)
  }
  return (
    <CurlScopeProvider value={{ tenant, namespace }}>
      <PageHeader
        title="Environments"
        description="Where agents' file and shell tools execute."
        actions={
          canWrite ? (
            <Button variant="primary" onClick={openCreate}>
              Create environment
            </Button>
          ) : (
            <span className="flex max-w-md items-center gap-2 text-xs text-muted-foreground">
              <Badge tone="warning">Read-only</Badge>
              {READ_ONLY_REASON}
            </span>
          )
        }
      />
      <div className="p-6">
        <EnvironmentsTable canWrite={canWrite} onCreate={openCreate} />
      </div>
      {canWrite && hasOpenedCreate ? (
        <Suspense fallback={null}>
          <CreateEnvironmentFlow open={isCreateOpen} onOpenChange={setIsCreateOpen} />
        </Suspense>
      ) : null}
    </CurlScopeProvider>
  )
}
