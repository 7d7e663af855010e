import type { Environment } from './agent-types'
import type { EnvironmentHealth } from './environment-presence'
import { t } from '@/i18n'

/** What the console knows about the default environment id. */
export type DefaultEnvironmentLookup =
  | { status: 'loading' }
  | { status: 'found'; environment: Environment; health: EnvironmentHealth | null }
  /** 404: deleted, or not visible to the caller (the server does not say which). */
  | { status: 'not_found' }
  /** 403: visible but the caller may not use it. */
  | { status: 'forbidden' }
  | { status: 'error'; message: string }

/**
 * Whether the deployment allows `local` environments. The server publishes no such setting; the
 * console learns "disabled" when a save is refused with `local_environment_disabled`.
 */
export type LocalPolicy = 'unknown' | 'allowed' | 'disabled'

export type WarningFix = 'choose_other' | 'clear' | 'open_environment'

export type DefaultEnvironmentWarning = {
  kind:
    | 'archived'
    | 'missing'
    | 'inaccessible'
    | 'local_disabled'
    | 'local_policy_unknown'
    | 'no_worker_online'
    | 'all_workers_busy'
    | 'lookup_failed'
  tone: 'danger' | 'warning' | 'info'
  title: string
  detail: string
  fixes: WarningFix[]
}

/** Problems with a default environment, worst first, each with the actions that fix it. */
export function defaultEnvironmentWarnings(input: {
  environmentId: string | null
  lookup: DefaultEnvironmentLookup
  localPolicy: LocalPolicy
}): DefaultEnvironmentWarning[] {
  const { environmentId, lookup } = input
  if (environmentId === null) return []
  switch (lookup.status) {
    case 'loading':
      return []
    case 'not_found':
      return [
        {
          kind: 'missing',
          tone: 'danger',
          title: t('agents.warnings.missingTitle', { id: environmentId }),
          detail: t('agents.warnings.cannotStart'),
          fixes: ['choose_other', 'clear'],
        },
      ]
    case 'forbidden':
      return [
        {
          kind: 'inaccessible',
          tone: 'danger',
          title: t('agents.warnings.inaccessibleTitle', { id: environmentId }),
          detail: t('agents.warnings.inaccessibleDetail'),
          fixes: ['choose_other', 'clear'],
        },
      ]
    case 'error':
      return [
        {
          kind: 'lookup_failed',
          tone: 'warning',
          title: t('agents.warnings.lookupFailedTitle', { id: environmentId }),
          detail: lookup.message,
          fixes: [],
        },
      ]
    case 'found':
      return foundWarnings(lookup.environment, lookup.health, input.localPolicy)
  }
}

function foundWarnings(
  environment: Environment,
  health: EnvironmentHealth | null,
  localPolicy: LocalPolicy,
): DefaultEnvironmentWarning[] {
  const name = environment.name || environment.id
  if (environment.archivedAt !== null && environment.archivedAt !== undefined) {
    return [
      {
        kind: 'archived',
        tone: 'danger',
        title: t('agents.warnings.archivedTitle', { name }),
        detail: t('agents.warnings.cannotStart'),
        fixes: ['choose_other', 'clear'],
      },
    ]
  }
  if (environment.type === 'local') {
    return localPolicy === 'disabled'
      ? [
          {
            kind: 'local_disabled',
            tone: 'danger',
            title: t('agents.warnings.localDisabledTitle', { name }),
            detail: t('agents.warnings.localDisabledDetail'),
            fixes: ['choose_other', 'clear'],
          },
        ]
      : localPolicy === 'unknown'
        ? [
            {
              kind: 'local_policy_unknown',
              tone: 'info',
              title: t('agents.warnings.localUnknownTitle', { name }),
              detail: t('agents.warnings.localUnknownDetail'),
              fixes: [],
            },
          ]
        : []
  }
  if (health && (health.state === 'offline' || health.state === 'stale' || health.state === 'unknown')) {
    return [
      {
        kind: 'no_worker_online',
        tone: 'warning',
        title: t('agents.warnings.noWorkerTitle', { name }),
        detail:
          health.state === 'offline'
            ? t('agents.warnings.noWorkerOfflineDetail')
            : health.state === 'stale'
              ? t('agents.warnings.noWorkerStaleDetail')
              : t('agents.warnings.noWorkerUnknownDetail'),
        fixes: ['open_environment', 'choose_other'],
      },
    ]
  }
  if (health?.state === 'online' && health.idle === 0) {
    return [
      {
        kind: 'all_workers_busy',
        tone: 'info',
        title: t('agents.warnings.allBusyTitle', { name }),
        detail: t('agents.warnings.allBusyDetail'),
        fixes: ['open_environment'],
      },
    ]
  }
  return []
}
