import { useParams } from 'react-router'
import { CurlScopeProvider } from '@/features/environments/components/curl-scope'
import { EnvironmentConfigEdit } from '@/features/environments/components/environment-config-edit'
import { canWriteResources, READ_ONLY_REASON } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useScopeStore } from '@/features/identity/stores/scope-store'

export default function EnvironmentEditRoute() {
  const { environmentId = '' } = useParams()
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  const tenant = useScopeStore((state) => state.tenant)
  const namespace = useScopeStore((state) => state.namespace)
  return (
    <CurlScopeProvider value={{ tenant, namespace }}>
      <EnvironmentConfigEdit
        key={environmentId}
        environmentId={environmentId}
        canWrite={canWriteResources(roles)}
        readOnlyReason={READ_ONLY_REASON}
      />
    </CurlScopeProvider>
  )
}
