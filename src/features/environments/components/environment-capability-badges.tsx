import { isolationScopeLabel } from '../models/isolation-scope-label'
import { environmentTypeInfo, isEnvironmentType, type Environment } from '../models/environment-types'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

/** Who executes tools, whether there is a shell, and what shares a working area. */
export function EnvironmentCapabilityBadges({ environment }: { environment: Environment }) {
  const { t } = useT('environments')
  const info = isEnvironmentType(environment.type) ? environmentTypeInfo(environment.type) : null
  // No config (null) or no key means the server default.
  const configured = environment.config?.isolationScope
  const scope = typeof configured === 'string' ? configured : 'SESSION'
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone="info">{info?.label ?? environment.type}</Badge>
      {info ? (
        <>
          <Badge title={t('environments.badges.runsOnHint')}>
            {t('environments.badges.runsOn', { executor: info.executor })}
          </Badge>
          <Badge tone={info.hasShell ? 'neutral' : 'warning'}>
            {info.hasShell ? t('environments.badges.shell') : t('environments.badges.noShell')}
          </Badge>
        </>
      ) : (
        <Badge tone="warning">{t('environments.badges.unknownType')}</Badge>
      )}
      <Badge title={t('environments.badges.isolationHint')}>
        {t('environments.badges.isolation', { scope: isolationScopeLabel(scope) })}
      </Badge>
    </span>
  )
}
