import { Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { ReadOnlyNotice } from '../layout/read-only-notice'
import { useDocumentTitle } from '../use-document-title'
import { useSearchFlag } from '../use-search-flag'
import { useWriteAccess } from '../use-write-access'
import { PageHeader } from '@/components/layout/page-header'
import { FamilyUnavailable } from '@/components/ui/family-unavailable'
import { useFamilyStatus } from '@/data/server/queries'
import { CreateSessionDialog } from '@/features/sessions/components/create-session-dialog'
import { OpenExportLink } from '@/features/sessions/components/session-export'
import { SessionsTable } from '@/features/sessions/components/sessions-table'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function SessionsRoute() {
  const { t } = useT('app', 'app:screens')
  const { canWrite, readOnlyReason } = useWriteAccess()
  useDocumentTitle(t('app.sessions.title'))
  const [params] = useSearchParams()
  // `?new=1` (the command palette's "New session") opens the dialog; closing it drops the flag.
  const [isNewRequested, clearNewRequest] = useSearchFlag('new')
  // The sign-in probes (usually back already) decide: on a Gateway without the Agent Session API
  // the screen says so in one sentence instead of showing a failed list.
  const sessionsApi = useFamilyStatus('agentSessions')
  const isServed = sessionsApi !== 'absent'
  return (
    <>
      <PageHeader
        title={t('app.sessions.title')}
        description={t('app.sessions.description')}
        actions={
          <>
            {/* Its string loads with it: the list does not wait for it. */}
            <Suspense fallback={null}>
              <OpenExportLink />
            </Suspense>
            {!isServed ? null : canWrite ? (
              <CreateSessionDialog
                initialAgentId={params.get('agentId') ?? ''}
                isRequested={isNewRequested}
                onRequestDone={clearNewRequest}
              />
            ) : (
              <ReadOnlyNotice reason={readOnlyReason} />
            )}
          </>
        }
      />
      <div className="p-6">
        {sessionsApi === 'absent' ? (
          <FamilyUnavailable family="agentSessions" />
        ) : (
          <SessionsTable canWrite={canWrite} />
        )}
      </div>
    </>
  )
}
