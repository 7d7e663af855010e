import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { IssuedKey } from '@/data/environments/issue-key'
import { CreateEnvironmentDialog } from './create-environment-dialog'
import { OneTimeKeyDialog } from './one-time-key-dialog'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

/** Create → the key, shown once → the new environment's page. */
export function CreateEnvironmentFlow({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const navigate = useNavigate()
  // The one place the new key is held; it is dropped when the dialog closes.
  const [issued, setIssued] = useState<IssuedKey | null>(null)
  return (
    <>
      <CreateEnvironmentDialog
        open={open}
        onOpenChange={onOpenChange}
        onCreated={(next) => {
          onOpenChange(false)
          setIssued(next)
        }}
      />
      {issued ? (
        <OneTimeKeyDialog
          issued={issued}
          reason="created"
          onClosed={() => {
            const { id } = issued.environment
            setIssued(null)
            void navigate(`/environments/${encodeURIComponent(id)}`)
          }}
        />
      ) : null}
    </>
  )
}
