import type { Environment } from './agent-types'
import type { EnvironmentHealth } from './environment-health'

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
    | 'lookup_failed'
  tone: 'danger' | 'warning' | 'info'
  title: string
  detail: string
  fixes: WarningFix[]
}

const FAILS = 'New sessions that inherit it cannot start their tools.'

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
          title: `The default environment ${environmentId} was deleted or is not visible to you`,
          detail: `${FAILS} Choose another environment, or clear the default.`,
          fixes: ['choose_other', 'clear'],
        },
      ]
    case 'forbidden':
      return [
        {
          kind: 'inaccessible',
          tone: 'danger',
          title: `You may not use the default environment ${environmentId}`,
          detail: `Sessions are checked against the default's permissions when they are created. Choose an environment you can use, or clear the default.`,
          fixes: ['choose_other', 'clear'],
        },
      ]
    case 'error':
      return [
        {
          kind: 'lookup_failed',
          tone: 'warning',
          title: `The default environment ${environmentId} could not be checked`,
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
        title: `The default environment ${name} is archived`,
        detail: `${FAILS} Choose another environment, or clear the default.`,
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
            title: `${name} is a local environment, and this deployment disables local environments`,
            detail: `The server refuses to bind it. ${FAILS} Choose another environment, or clear the default.`,
            fixes: ['choose_other', 'clear'],
          },
        ]
      : localPolicy === 'unknown'
        ? [
            {
              kind: 'local_policy_unknown',
              tone: 'info',
              title: `${name} runs tools inside the dataplane`,
              detail:
                'Local environments work only where the deployment enables them (BUILDER_ALLOW_LOCAL_ENVIRONMENT, off by default); otherwise the server refuses the default.',
              fixes: [],
            },
          ]
        : []
  }
  if (health && (health.state === 'offline' || health.state === 'unknown')) {
    return [
      {
        kind: 'no_worker_online',
        tone: 'warning',
        title: `No worker of ${name} is online`,
        detail:
          health.state === 'offline'
            ? 'Tool calls of new sessions wait in its queue until a worker with its key connects.'
            : 'No worker has claimed its work yet; tool calls wait in its queue until one connects.',
        fixes: ['open_environment', 'choose_other'],
      },
    ]
  }
  return []
}
