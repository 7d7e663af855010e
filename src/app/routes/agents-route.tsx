import { PageHeader } from '@/components/layout/page-header'
import { AgentsTable } from '@/features/agents/components/agents-table'

export default function AgentsRoute() {
  return (
    <>
      <PageHeader title="Agents" description="Managed agents and the defaults their new sessions inherit." />
      <div className="p-6">
        <AgentsTable />
      </div>
    </>
  )
}
