import { useParams } from 'react-router'
import { CurlScopeProvider } from '@/features/environments/components/curl-scope'
import { EnvironmentConfigEdit } from '@/features/environments/components/environment-config-edit'
import { canWriteResources, readOnlyReason } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useScopeStore } from '@/features/identity/stores/scope-store'
import { useT } from '@/i18n'

export default function EnvironmentEditRoute() {
  useT('identity') // readOnlyReason() below reads the identity catalog
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
        readOnlyReason={readOnlyReason()}
      />
    </CurlScopeProvider>
  )
}
