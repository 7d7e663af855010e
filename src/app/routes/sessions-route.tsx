import { useSearchParams } from 'react-router'
import { useDocumentTitle } from '../use-document-title'
import { useSearchFlag } from '../use-search-flag'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { canWriteResources, readOnlyReason } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { CreateSessionDialog } from '@/features/sessions/components/create-session-dialog'
import { SessionsTable } from '@/features/sessions/components/sessions-table'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function SessionsRoute() {
  const { t } = useT('app', 'app:screens', 'identity')
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  const canWrite = canWriteResources(roles)
  useDocumentTitle(t('app.sessions.title'))
  const [params] = useSearchParams()
  // `?new=1` (the command palette's "New session") opens the dialog; closing it drops the flag.
  const [isNewRequested, clearNewRequest] = useSearchFlag('new')
  return (
    <>
      <PageHeader
        title={t('app.sessions.title')}
        description={t('app.sessions.description')}
        actions={
          canWrite ? (
            <CreateSessionDialog
              initialAgentId={params.get('agentId') ?? ''}
              isRequested={isNewRequested}
              onRequestDone={clearNewRequest}
            />
          ) : (
            <span className="flex max-w-md items-center gap-2 text-xs text-muted-foreground">
              <Badge tone="warning">{t('app.readOnly')}</Badge>
              {readOnlyReason()}
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
