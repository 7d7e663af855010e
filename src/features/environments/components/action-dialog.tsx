import type { ReactNode } from 'react'
import { CopyCurlButton } from './curl-scope'
import type { EnvironmentCurlAction } from '../models/environment-curl'
import { explainEnvironmentError, type EnvironmentAction } from '../models/explain-environment-error'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'

/**
 * The confirmation for rotate, archive and delete: the shared ConfirmationDialog with what the
 * action affects, copy as curl, and the server's refusal explained for environments.
 */
export function ActionDialog({
  description,
  action,
  curl,
  ...props
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  children: ReactNode
  confirmLabel: string
  isDestructive?: boolean
  action: EnvironmentAction
  curl: EnvironmentCurlAction
  onConfirm: () => Promise<void>
}) {
  return (
    <ConfirmationDialog
      {...props}
      body={description}
      footerStart={<CopyCurlButton request={curl} />}
      explainError={(error) => explainEnvironmentError(error, action)}
    />
  )
}
