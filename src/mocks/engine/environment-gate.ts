import type { components } from '@/api/schema.gen'
import { isLocalAllowed, LOCAL_DISABLED_MESSAGE, type MockBackend } from '../lib/backend'
import type { EnvironmentRecord, SessionRecord } from '../db/types'
import type { ShellContext } from './shell'
import { isolationPartition, openWorkspace, type FileMap } from './workspace-files'

type Environment = components['schemas']['Environment']

/**
 * Where a session's tools run, decided per run from its environment (DESIGN §4): `sandbox` and
 * `local` inside the backend with a shell, `remote` inside the backend without one, `self_hosted`
 * on a worker. A run that cannot start says why, with the error code the turn fails with.
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
  | { kind: 'refused'; errorCode: string; message: string }

export const SANDBOX_CREDENTIALS_MESSAGE =
  'E2B sandbox credentials are missing: set config.apiKey on the environment or BUILDER_E2B_API_KEY on the deployment'

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
    return {
      kind: 'refused',
      errorCode: 'environment_not_found',
      message: `environment ${environmentId} no longer exists`,
    }
  }
  const env = environment.environment
  if (env.type === 'self_hosted') return { kind: 'worker', environment }
  if (env.type === 'local' && !isLocalAllowed(backend)) {
    return { kind: 'refused', errorCode: 'local_environment_disabled', message: LOCAL_DISABLED_MESSAGE }
  }
  if (env.type === 'sandbox' && !hasSandboxCredentials(backend, env)) {
    return { kind: 'refused', errorCode: 'sandbox_credentials_missing', message: SANDBOX_CREDENTIALS_MESSAGE }
  }
  const partition = isolationPartition(env, record.session)
  const files = openWorkspace(backend.db, `${env.id}/${partition.name}`)
  return { kind: 'backend', environment, files, shell: shellFor(env, partition.name, backend.clock.now()) }
}
