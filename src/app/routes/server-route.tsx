import { useDocumentTitle } from '../use-document-title'
import { PageHeader } from '@/components/layout/page-header'
import { ServerOverview } from '@/features/server/components/server-overview'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function ServerRoute() {
  const { t } = useT('server')
  useDocumentTitle(t('server.title'))
  return (
    <>
      <PageHeader title={t('server.title')} description={t('server.description')} />
      <div className="p-6">
        <ServerOverview />
      </div>
    </>
  )
}
