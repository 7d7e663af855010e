import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import { responseStatusMessage } from '../lib/session-error'
import type { EnvironmentRecord, SessionRecord } from '../db/types'
import type { ShellContext } from './shell'
import { isolationPartition, openWorkspace, type FileMap } from './workspace-files'

type Environment = components['schemas']['Environment']

/**
 * Where a session's tools run, decided per run from its environment (DESIGN §4): `sandbox` and
 * `local` inside the backend with a shell, `remote` inside the backend without one, `self_hosted`
 * on a worker. A run that cannot start says why: upstream builds the agent and its environment
 * when the turn runs, and what that throws is the message of the turn's `session.error`.
 */
export type Execution =
  | {
      kind: 'backend'
      environment: EnvironmentRecord
      files: FileMap
      shell: Omit<ShellContext, 'files'> | null
    }
  | { kind: 'worker'; environment: EnvironmentRecord }
  | { kind: 'none' }
  | { kind: 'refused'; message: string }

/** Upstream `EnvironmentSpecFactory.buildE2bFilesystemSpec` (@c2d43f8) throws this when no key resolves. */
export const SANDBOX_CREDENTIALS_MESSAGE = responseStatusMessage(
  400,
  'sandbox environments require an E2B API key (config.apiKey, builder.e2b.api-key, BUILDER_E2B_API_KEY, or E2B_API_KEY)',
)

/** Upstream `ControlPlaneClient.getEnvironment` (@c2d43f8) for an environment the control plane no longer has. */
export function environmentNotFoundMessage(environmentId: string): string {
  return responseStatusMessage(404, `Environment not found: ${environmentId}`)
}

/** Resolution order upstream: config.apiKey, then the deployment's key. */
export function hasSandboxCredentials(backend: MockBackend, environment: Environment): boolean {
  if (backend.faults.sandboxCredentialsMissing) return false
  const key = environment.config?.apiKey
  return (typeof key === 'string' && key.trim() !== '') || backend.options.hasDeploymentE2bKey
}

function shellFor(
  environment: Environment,
  workspace: string,
  now: number,
): Omit<ShellContext, 'files'> | null {
  switch (environment.type) {
    case 'sandbox': {
      const root =
        typeof environment.config?.workspaceRoot === 'string'
          ? environment.config.workspaceRoot
          : '/home/user'
      return { cwd: root, user: 'user', hostname: `e2b-${environment.id.slice(4, 12)}`, now }
    }
    case 'local':
      return {
        cwd: `/var/lib/dataplane/workspaces/${workspace}`,
        user: 'dataplane',
        hostname: 'dataplane-0',
        now,
      }
    default:
      return null
  }
}

export function resolveExecution(backend: MockBackend, record: SessionRecord): Execution {
  const environmentId = record.session.environmentId
  if (!environmentId) return { kind: 'none' }
  const environment = backend.db.environments.get(environmentId)
  if (!environment) {
    return { kind: 'refused', message: environmentNotFoundMessage(environmentId) }
  }
  const env = environment.environment
  if (env.type === 'self_hosted') return { kind: 'worker', environment }
  // The local-environment policy is checked only when a session, deployment or agent default is
  // bound (upstream `environment_policy.go` validateEnvironmentBinding): a session already bound
  // to a local environment keeps running its turns after the policy turns local off.
  if (env.type === 'sandbox' && !hasSandboxCredentials(backend, env)) {
    return { kind: 'refused', message: SANDBOX_CREDENTIALS_MESSAGE }
  }
  const partition = isolationPartition(env, record.session)
  const files = openWorkspace(backend.db, `${env.id}/${partition.name}`)
  return { kind: 'backend', environment, files, shell: shellFor(env, partition.name, backend.clock.now()) }
}
