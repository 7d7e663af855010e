import { lazy, Suspense, useEffect } from 'react'
import { useDocumentTitle } from '../use-document-title'
import { PageHeader } from '@/components/layout/page-header'
import { Link } from '@/components/ui/link'
import { LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

// The viewer (the session page's transcript, waterfall, events and tools) is imported from here, not
// statically: the entry's route table then lists this small module's files only, not the viewer's.
const OfflineViewer = lazy(() =>
  import('@/features/sessions/components/offline-viewer').then((module) => ({
    default: module.OfflineViewer,
  })),
)

/** `/sessions-file`: a session export opened from disk, read in the browser with no server. */
export default function OfflineViewerRoute() {
  const { t } = useT('app', 'app:screens', 'sessions:inspector')
  useDocumentTitle(t('sessions.offline.title'))
  // The viewer is for reading a file with the network cut: the shell's focus rescue, which loads
  // with the first focus on a page, is fetched now, while the network is still there.
  useEffect(() => {
    import('../layout/focus-rescue').catch(() => undefined)
  }, [])
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
        <Suspense fallback={<LoadingState />}>
          <OfflineViewer />
        </Suspense>
      </div>
    </>
  )
}
