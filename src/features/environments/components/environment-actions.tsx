import { ArchiveEnvironmentAction } from './archive-environment-action'
import { DeleteEnvironmentAction } from './delete-environment-action'
import { RotateKeyAction } from './rotate-key-action'
import type { Environment } from '../models/environment-types'
import { HeaderActions } from '@/components/layout/header-actions'
import { buttonVariants } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { useT } from '@/i18n'

/** The write actions; a viewer gets none (the page says why), an archived environment only delete. */
export function EnvironmentActions({
  environment,
  canWrite,
}: {
  environment: Environment
  canWrite: boolean
}) {
  const { t } = useT('environments')
  if (!canWrite) return null
  const isArchived = environment.archivedAt !== null
  return (
    <HeaderActions
      primary={
        isArchived ? null : (
          <Link
            className={buttonVariants({ variant: 'primary' })}
            to={`/environments/${encodeURIComponent(environment.id)}/edit`}
          >
            {t('environments.actions.editConfig')}
          </Link>
        )
      }
      secondary={
        !isArchived && environment.type === 'self_hosted' ? (
          <RotateKeyAction environment={environment} />
        ) : null
      }
      destructive={
        <>
          {isArchived ? null : <ArchiveEnvironmentAction environment={environment} />}
          <DeleteEnvironmentAction environment={environment} />
        </>
      }
      destructiveLabel={t('environments.actions.destructiveGroup')}
    />
  )
}
