import type { EnvironmentType } from './environment-types'

export type ConfigObject = Record<string, unknown>

export type ConfigFieldKey =
  | 'templateId'
  | 'workspaceRoot'
  | 'sandboxTimeoutSeconds'
  | 'persistenceMode'
  | 'apiBaseUrl'
  | 'domain'
  | 'apiKey'
  | 'isolationScope'

export type ConfigFieldKind = 'text' | 'integer' | 'choice' | 'secret' | 'url'

export type ConfigFieldInfo = {
  label: string
  kind: ConfigFieldKind
  help: string
  /** The server's default, shown as a placeholder: leaving the field empty omits the key. */
  placeholder?: string
  options?: readonly string[]
}

export const PERSISTENCE_MODES = ['TAR', 'NATIVE_SNAPSHOT'] as const
export const ISOLATION_SCOPES = ['SESSION', 'USER', 'AGENT', 'GLOBAL'] as const
export const MEMORY_ACCESS_MODES = ['read_only', 'read_write'] as const

/** Keys the server knows (DESIGN §2). Everything else in a config is kept exactly as it is. */
export const configFieldInfo: Record<ConfigFieldKey, ConfigFieldInfo> = {
  templateId: {
    label: 'E2B template',
    kind: 'text',
    placeholder: 'base',
    help: 'Template the sandbox starts from; preinstall the programs your tools need in it.',
  },
  workspaceRoot: {
    label: 'Workspace root',
    kind: 'text',
    placeholder: '/home/user',
    help: 'Absolute path inside the sandbox where files are read and written.',
  },
  sandboxTimeoutSeconds: {
    label: 'Sandbox timeout (seconds)',
    kind: 'integer',
    placeholder: '300',
    help: 'How long an idle sandbox lives.',
  },
  persistenceMode: {
    label: 'Persistence mode',
    kind: 'choice',
    options: PERSISTENCE_MODES,
    help: 'How state is saved between runs. TAR is the default; other values fall back to TAR.',
  },
  apiBaseUrl: {
    label: 'E2B API base URL',
    kind: 'url',
    placeholder: 'inherited from the deployment',
    help: 'Only for a custom E2B endpoint.',
  },
  domain: {
    label: 'E2B domain',
    kind: 'text',
    placeholder: 'inherited from the deployment',
    help: 'Only for a custom E2B domain, without https://.',
  },
  apiKey: {
    label: 'E2B API key',
    kind: 'secret',
    placeholder: 'inherited from the deployment',
    help: 'Overrides the deployment’s E2B key for this environment. Stored by the server; masked here.',
  },
  isolationScope: {
    label: 'Isolation scope',
    kind: 'choice',
    options: ISOLATION_SCOPES,
    help: 'What shares one working area: each session (default), each user, each agent, or everyone.',
  },
}

export const SANDBOX_FIELDS: readonly ConfigFieldKey[] = [
  'templateId',
  'workspaceRoot',
  'sandboxTimeoutSeconds',
  'persistenceMode',
  'apiBaseUrl',
  'domain',
  'apiKey',
]

export const COMMON_FIELDS: readonly ConfigFieldKey[] = ['isolationScope']

/** Keys read by the server for every type, besides the typed fields. */
export const KNOWN_KEYS: ReadonlySet<string> = new Set<string>([
  ...SANDBOX_FIELDS,
  ...COMMON_FIELDS,
  'memoryAccess',
])

/** Stored by the server but not enforced: it logs a warning and ignores them. */
export const UNENFORCED_KEYS: ReadonlySet<string> = new Set([
  'packages',
  'image',
  'network',
  'networking',
  'networkMode',
  'exposedPorts',
  'allowed_hosts',
])

export function fieldsForType(type: EnvironmentType): readonly ConfigFieldKey[] {
  return type === 'sandbox' ? [...SANDBOX_FIELDS, ...COMMON_FIELDS] : COMMON_FIELDS
}
