import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { archiveEnvironment } from '../api/actions'
import { environmentKeys } from '../api/keys'
import { ActionDialog } from './action-dialog'
import { UsageSummaryState } from './usage-summary'
import type { Environment } from '../models/environment-types'
import { Button } from '@/components/ui/button'

export function ArchiveEnvironmentAction({ environment }: { environment: Environment }) {
  const queryClient = useQueryClient()
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Archive</Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={`Archive ${environment.name}?`}
        description="Archiving hides it from the list and makes it read-only. There is no unarchive."
        confirmLabel="Archive"
        isDestructive
        action="archive"
        curl={{ action: 'archive', environmentId: environment.id }}
        onConfirm={async () => {
          await archiveEnvironment(environment.id)
          await queryClient.invalidateQueries({ queryKey: environmentKeys.all })
        }}
      >
        <p className="font-medium">What uses it now:</p>
        {isOpen ? <UsageSummaryState environmentId={environment.id} /> : null}
        <p>
          <strong>Archiving does not cancel running work:</strong> queued and running work continues; cancel
          turns in the sessions if it must stop. Afterwards the config cannot be edited and the key cannot be
          rotated.
        </p>
      </ActionDialog>
    </>
  )
}
