import { useParams } from 'react-router'
import { CurlScopeProvider } from '@/features/environments/components/curl-scope-context'
import { EnvironmentDetail } from '@/features/environments/components/environment-detail'
import { useScopeStore } from '@/features/identity/stores/scope-store'
import { useWriteAccess } from '../use-write-access'

export default function EnvironmentDetailRoute() {
  const { environmentId = '' } = useParams()
  const { canWrite, readOnlyReason } = useWriteAccess()
  const tenant = useScopeStore((state) => state.tenant)
  const namespace = useScopeStore((state) => state.namespace)
  return (
    <CurlScopeProvider value={{ tenant, namespace }}>
      <EnvironmentDetail
        key={environmentId}
        environmentId={environmentId}
        canWrite={canWrite}
        readOnlyReason={readOnlyReason}
      />
    </CurlScopeProvider>
  )
}
