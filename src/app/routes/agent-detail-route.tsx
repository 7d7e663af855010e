import { useParams } from 'react-router'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/states'

export default function AgentDetailRoute() {
  const { agentId = '' } = useParams()
  return (
    <>
      <PageHeader title="Agent" description={<span className="font-mono">{agentId}</span>} />
      <div className="p-6">
        <EmptyState title="Runtime configuration is not available yet">
          Session defaults (default environment, memory stores and vaults) will be edited here.
        </EmptyState>
      </div>
    </>
  )
}
