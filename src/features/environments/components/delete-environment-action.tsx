import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { deleteEnvironment } from '../api/actions'
import { environmentKeys } from '../api/keys'
import { ActionDialog } from './action-dialog'
import { UsageSummaryState } from './usage-summary'
import type { Environment } from '../models/environment-types'
import { Button } from '@/components/ui/button'

export function DeleteEnvironmentAction({ environment }: { environment: Environment }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button variant="destructive" onClick={() => setIsOpen(true)}>
        Delete
      </Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={`Delete ${environment.name}?`}
        description="Deleting removes the environment for good; it cannot be undone."
        confirmLabel="Delete environment"
        isDestructive
        action="delete"
        curl={{ action: 'delete', environmentId: environment.id }}
        onConfirm={async () => {
          await deleteEnvironment(environment.id)
          // Leave first, so the page does not refetch the environment it just deleted.
          void navigate('/environments', { replace: true })
          queryClient.removeQueries({ queryKey: environmentKeys.detail(environment.id) })
          void queryClient.invalidateQueries({ queryKey: environmentKeys.lists() })
        }}
      >
        <p className="font-medium">What uses it now:</p>
        {isOpen ? <UsageSummaryState environmentId={environment.id} /> : null}
        <p>
          <strong>Deleting does not cancel running work</strong>, and agents and sessions that still name this
          environment are not updated: their next tool call has nowhere to run. Move them first.
        </p>
      </ActionDialog>
    </>
  )
}
