import { Link } from 'react-router'
import { ArchiveEnvironmentAction } from './archive-environment-action'
import { DeleteEnvironmentAction } from './delete-environment-action'
import { RotateKeyAction } from './rotate-key-action'
import type { Environment } from '../models/environment-types'
import { buttonVariants } from '@/components/ui/button'
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
    <div className="flex flex-wrap items-center gap-2">
      {isArchived ? null : (
        <>
          <Link
            className={buttonVariants({ variant: 'primary' })}
            to={`/environments/${encodeURIComponent(environment.id)}/edit`}
          >
            {t('environments.actions.editConfig')}
          </Link>
          {environment.type === 'self_hosted' ? <RotateKeyAction environment={environment} /> : null}
        </>
      )}
      {/* The destructive actions stand apart from the main one, so neither is pressed for the other. */}
      <div
        role="group"
        aria-label={t('environments.actions.destructiveGroup')}
        className="flex items-center gap-2 sm:ml-4"
      >
        {isArchived ? null : <ArchiveEnvironmentAction environment={environment} />}
        <DeleteEnvironmentAction environment={environment} />
      </div>
    </div>
  )
}
