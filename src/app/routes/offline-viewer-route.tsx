import { useDocumentTitle } from '../use-document-title'
import { PageHeader } from '@/components/layout/page-header'
import { Link } from '@/components/ui/link'
import { OfflineViewer } from '@/features/sessions/components/offline-viewer'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

/** `/sessions-file`: a session export opened from disk, read in the browser with no server. */
export default function OfflineViewerRoute() {
  const { t } = useT('app', 'app:screens', 'sessions:offline')
  useDocumentTitle(t('sessions.offline.title'))
  return (
    <>
      <PageHeader
        title={t('sessions.offline.title')}
        description={t('sessions.offline.description')}
        actions={
          <Link className="text-sm text-primary hover:underline" to="/sessions">
            {t('app.sessionDetail.allSessions')}
          </Link>
        }
      />
      <div className="p-6">
        <OfflineViewer />
      </div>
    </>
  )
}
