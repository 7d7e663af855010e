import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ReadOnlyNotice } from '../layout/read-only-notice'
import { useDocumentTitle } from '../use-document-title'
import { useWriteAccess } from '../use-write-access'
import { PageHeader } from '@/components/layout/page-header'
import { CopyButton } from '@/components/ui/copy-button'
import { FamilyUnavailable } from '@/components/ui/family-unavailable'
import { useFamilyStatus } from '@/data/server/queries'
import { Link } from '@/components/ui/link'
import { sessionQuery } from '@/data/sessions/queries'
import { useSessionTitle } from '@/data/sessions/session-title'
import { SessionInspector } from '@/features/sessions/components/session-inspector'
// The router waits for it before the page's first render (see session-inspector.tsx).
export { openingTabCode } from '@/features/sessions/components/session-inspector'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function SessionDetailRoute() {
  const { t } = useT('app', 'app:screens')
  const { sessionId = '' } = useParams()
  const { canWrite, readOnlyReason } = useWriteAccess()
  // The same cache entry the inspector reads: no second request.
  const session = useQuery(sessionQuery(sessionId))
  const title = useSessionTitle(session.data)
  // Not waited for: the inspector's own requests start at once (the first rows are measured); a
  // Gateway without the Agent Session API gets the sentence as soon as the probes answer.
  const sessionsApi = useFamilyStatus('agentSessions')
  useDocumentTitle(title?.text ?? sessionId, t('app.sessions.title'))
  return (
    <>
      <PageHeader
        title={title && title.source !== 'id' ? title.text : t('app.sessionDetail.title')}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-mono">{sessionId}</span>
            <CopyButton text={sessionId} label={t('app.sessionDetail.copyId')} />
          </span>
        }
        actions={
          <>
            {canWrite ? null : <ReadOnlyNotice reason={readOnlyReason} />}
            <Link className="text-sm text-primary hover:underline" to="/sessions">
              {t('app.sessionDetail.allSessions')}
            </Link>
          </>
        }
      />
      <div className="p-6">
        {/* Keyed by session: the event log, its cursor and the live stream belong to one session. */}
        {sessionsApi === 'absent' ? (
          <FamilyUnavailable family="agentSessions" />
        ) : (
          <SessionInspector key={sessionId} sessionId={sessionId} canWrite={canWrite} />
        )}
      </div>
    </>
  )
}
