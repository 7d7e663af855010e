import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { useDocumentTitle } from '../use-document-title'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { Link } from '@/components/ui/link'
import { sessionQuery } from '@/data/sessions/queries'
import { useSessionTitle } from '@/data/sessions/session-title'
import { canWriteResources, readOnlyReason } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { SessionInspector } from '@/features/sessions/components/session-inspector'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function SessionDetailRoute() {
  const { t } = useT('app', 'app:screens', 'identity')
  const { sessionId = '' } = useParams()
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  const canWrite = canWriteResources(roles)
  // The same cache entry the inspector reads: no second request.
  const session = useQuery(sessionQuery(sessionId))
  const title = useSessionTitle(session.data)
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
            {canWrite ? null : (
              <span className="flex max-w-md items-center gap-2 text-xs text-muted-foreground">
                <Badge tone="warning">{t('app.readOnly')}</Badge>
                {readOnlyReason()}
              </span>
            )}
            <Link className="text-sm text-primary hover:underline" to="/sessions">
              {t('app.sessionDetail.allSessions')}
            </Link>
          </>
        }
      />
      <div className="p-6">
        {/* Keyed by session: the event log, its cursor and the live stream belong to one session. */}
        <SessionInspector key={sessionId} sessionId={sessionId} canWrite={canWrite} />
      </div>
    </>
  )
}
