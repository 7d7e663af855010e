import { PageHeader } from '@/components/layout/page-header'
import { SessionsTable } from '@/features/sessions/components/sessions-table'

export default function SessionsRoute() {
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Agent sessions, their environment and their latest activity."
      />
      <div className="p-6">
        <SessionsTable />
      </div>
    </>
  )
}
