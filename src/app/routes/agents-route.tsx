import { PageHeader } from '@/components/layout/page-header'
import { AgentsTable } from '@/features/agents/components/agents-table'
import { useDocumentTitle } from '../use-document-title'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function AgentsRoute() {
  const { t } = useT('app', 'app:screens')
  useDocumentTitle(t('app.agents.title'))
  return (
    <>
      <PageHeader title={t('app.agents.title')} description={t('app.agents.description')} />
      <div className="p-6">
        <AgentsTable />
      </div>
    </>
  )
}
