import { useParams } from 'react-router'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/states'

export default function SessionDetailRoute() {
  const { sessionId = '' } = useParams()
  return (
    <>
      <PageHeader title="Session" description={<span className="font-mono">{sessionId}</span>} />
      <div className="p-6">
        <EmptyState title="The session inspector is not available yet">
          Events, tool records, snapshots and worker claims for this session will be shown here.
        </EmptyState>
      </div>
    </>
  )
}
