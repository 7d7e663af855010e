import { PageHeader } from '@/components/layout/page-header'
import { FamilyUnavailable } from '@/components/ui/family-unavailable'
import { useFamilyStatus } from '@/data/server/queries'
import { AgentsTable } from '@/features/agents/components/agents-table'
import { useDocumentTitle } from '../use-document-title'
import { useT } from '@/i18n'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

export default function AgentsRoute() {
  const { t } = useT('app', 'app:screens')
  useDocumentTitle(t('app.agents.title'))
  // The sign-in probes (usually back already) decide; the list is not held back while they run.
  const catalog = useFamilyStatus('agentCatalog')
  return (
    <>
      <PageHeader title={t('app.agents.title')} description={t('app.agents.description')} />
      <div className="p-6">
        {catalog === 'absent' ? <FamilyUnavailable family="agentCatalog" /> : <AgentsTable />}
      </div>
    </>
  )
}
