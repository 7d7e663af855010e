import { ConfigWarningsList } from './config-warnings-list'
import { EnvironmentCapabilityBadges } from './environment-capability-badges'
import { configWarnings } from '../models/config-warnings'
import { environmentTypeInfo, isEnvironmentType, type Environment } from '../models/environment-types'
import { maskConfigSecrets } from '../models/mask-config-secrets'
import { CopyButton } from '@/components/ui/copy-button'
import { Link } from '@/components/ui/link'
import { useT } from '@/i18n'
import { RelativeTime } from '@/components/text/relative-time'
import { useNow } from '@/lib/use-now'

export function EnvironmentOverview({
  environment,
  canEdit,
}: {
  environment: Environment
  canEdit: boolean
}) {
  const { t } = useT('environments')
  const now = useNow()
  const info = isEnvironmentType(environment.type) ? environmentTypeInfo(environment.type) : null
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('environments.overview.id')}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code className="font-mono break-all">{environment.id}</code>
          <CopyButton text={environment.id} label={t('environments.common.copyId')} />
        </dd>
        <dt className="text-muted-foreground">{t('environments.form.type')}</dt>
        <dd className="flex flex-col gap-1">
          <EnvironmentCapabilityBadges environment={environment} />
          <span className="text-muted-foreground">
            {info ? info.summary : t('environments.overview.unknownType', { type: environment.type })}{' '}
            {t('environments.overview.typeFixed')}
          </span>
        </dd>
        <dt className="text-muted-foreground">{t('environments.overview.owner')}</dt>
        <dd className="font-mono break-all">{environment.ownerId}</dd>
        <dt className="text-muted-foreground">{t('environments.overview.created')}</dt>
        <dd>
          <RelativeTime at={environment.createdAt} now={now} withExact />
        </dd>
        <dt className="text-muted-foreground">{t('environments.overview.updated')}</dt>
        <dd>
          <RelativeTime at={environment.updatedAt} now={now} withExact />
        </dd>
        {environment.archivedAt !== null ? (
          <>
            <dt className="text-muted-foreground">{t('environments.overview.archived')}</dt>
            <dd>
              <RelativeTime at={environment.archivedAt} now={now} withExact />
            </dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="config-heading" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id="config-heading" className="text-base font-semibold">
            {t('environments.overview.config')}
          </h2>
          {canEdit ? (
            <Link
              className="text-sm text-primary hover:underline"
              to={`/environments/${encodeURIComponent(environment.id)}/edit`}
            >
              {t('environments.actions.editConfig')}
            </Link>
          ) : null}
        </div>
        {environment.config === null ? (
          <p className="rounded-md bg-muted p-3 text-sm">{t('environments.overview.noConfig')}</p>
        ) : (
          <pre
            tabIndex={0}
            role="region"
            aria-label={t('environments.overview.configMasked')}
            className="max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap"
          >
            {JSON.stringify(maskConfigSecrets(environment.config), null, 2)}
          </pre>
        )}
        {isEnvironmentType(environment.type) && environment.config !== null ? (
          <ConfigWarningsList warnings={configWarnings(environment.config, environment.type)} />
        ) : null}
        <p className="text-xs text-muted-foreground">{t('environments.overview.configNote')}</p>
      </section>
    </div>
  )
}
