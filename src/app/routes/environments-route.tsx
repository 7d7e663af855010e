import { lazy, Suspense, useState } from 'react'
import { ReadOnlyNotice } from '../layout/read-only-notice'
import { useDocumentTitle } from '../use-document-title'
import { useSearchFlag } from '../use-search-flag'
import { useWriteAccess } from '../use-write-access'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { CurlScopeProvider } from '@/features/environments/components/curl-scope-context'
import { EnvironmentsTable } from '@/features/environments/components/environments-table'
import { useScopeStore } from '@/features/identity/stores/scope-store'
import { loadNamespace, useT } from '@/i18n'

// The create dialog (config editor, key dialog, worker guide) loads on first use, not with the list.
const CreateEnvironmentFlow = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/environments/components/create-environment-flow'),
    loadNamespace('environments:screens'),
    loadNamespace('ui:advice'),
  ])
  return { default: module.CreateEnvironmentFlow }
})

export default function EnvironmentsRoute() {
  const { t } = useT('app')
  const { canWrite, readOnlyReason } = useWriteAccess()
  const tenant = useScopeStore((state) => state.tenant)
  const namespace = useScopeStore((state) => state.namespace)
  useDocumentTitle(t('app.environments.title'))
  // `?create=1` (the command palette's "Create environment") opens the form; closing it drops the flag.
  const [isCreateRequested, clearCreateRequest] = useSearchFlag('create')
  const [isCreateOpen, setIsCreateOpen] = useState(false)
  // Stays mounted after the first opening: the flow holds the one-time key after the form closes.
  const [hasOpenedCreate, setHasOpenedCreate] = useState(false)
  const openCreate = () => {
    setHasOpenedCreate(true)
    setIsCreateOpen(true)
  }
  const onCreateOpenChange = (open: boolean) => {
    setHasOpenedCreate(true)
    setIsCreateOpen(open)
    if (!open && isCreateRequested) clearCreateRequest()
  }
  return (
    <CurlScopeProvider value={{ tenant, namespace }}>
      <PageHeader
        title={t('app.environments.title')}
        description={t('app.environments.description')}
        actions={
          canWrite ? (
            <Button variant="primary" onClick={openCreate}>
              {t('app.environments.create')}
            </Button>
          ) : (
            <ReadOnlyNotice reason={readOnlyReason} />
          )
        }
      />
      <div className="p-6">
        <EnvironmentsTable canWrite={canWrite} onCreate={openCreate} />
      </div>
      {canWrite && (hasOpenedCreate || isCreateRequested) ? (
        <Suspense fallback={null}>
          <CreateEnvironmentFlow open={isCreateOpen || isCreateRequested} onOpenChange={onCreateOpenChange} />
        </Suspense>
      ) : null}
    </CurlScopeProvider>
  )
}
