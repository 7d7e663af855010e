import { useParams } from 'react-router'
import { PageHeader } from '@/components/layout/page-header'
import { EnvironmentOverview } from '@/features/environments/components/environment-overview'

export default function EnvironmentDetailRoute() {
  const { environmentId = '' } = useParams()
  return (
    <>
      <PageHeader title="Environment" description={<span className="font-mono">{environmentId}</span>} />
      <div className="p-6">
        <EnvironmentOverview environmentId={environmentId} />
      </div>
    </>
  )
}
