import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { CurlScopeProvider } from '@/features/environments/components/curl-scope-context'
import { EnvironmentDetail } from '@/features/environments/components/environment-detail'
import { useScopeStore } from '@/features/identity/stores/scope-store'
import { useDocumentTitle } from '../use-document-title'
import { useWriteAccess } from '../use-write-access'
import { environmentQuery } from '@/data/environments/queries'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function EnvironmentDetailRoute() {
  const { environmentId = '' } = useParams()
  const { canWrite, readOnlyReason } = useWriteAccess()
  const tenant = useScopeStore((state) => state.tenant)
  const namespace = useScopeStore((state) => state.namespace)
  const { t } = useT('app')
  // The screen's own query: shared through the cache, so this asks the server nothing more.
  const name = useQuery(environmentQuery(environmentId)).data?.name ?? environmentId
  useDocumentTitle(name, t('app.environments.title'))
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
