import type { EnvironmentType } from './environment-types'
import { isolationScopeLabel } from './isolation-scope-label'
import { t } from '@/i18n'

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
  /** How a value reads in running text (the server's value is what is saved). */
  valueLabel?: (value: string) => string
}

export const PERSISTENCE_MODES = ['TAR', 'NATIVE_SNAPSHOT'] as const
export const ISOLATION_SCOPES = ['SESSION', 'USER', 'AGENT', 'GLOBAL'] as const
export const MEMORY_ACCESS_MODES = ['read_only', 'read_write'] as const

export function asOption(label: string): string {
  return label.charAt(0).toLocaleUpperCase() + label.slice(1)
}

/** Keys the server knows (DESIGN §2). Everything else in a config is kept exactly as it is. */
export function configFieldInfo(key: ConfigFieldKey): ConfigFieldInfo {
  switch (key) {
    case 'templateId':
      return {
        label: t('environments.fields.templateId.label'),
        kind: 'text',
        placeholder: 'base',
        help: t('environments.fields.templateId.help'),
      }
    case 'workspaceRoot':
      return {
        label: t('environments.fields.workspaceRoot.label'),
        kind: 'text',
        placeholder: '/home/user',
        help: t('environments.fields.workspaceRoot.help'),
      }
    case 'sandboxTimeoutSeconds':
      return {
        label: t('environments.fields.sandboxTimeoutSeconds.label'),
        kind: 'integer',
        placeholder: '300',
        help: t('environments.fields.sandboxTimeoutSeconds.help'),
      }
    case 'persistenceMode':
      return {
        label: t('environments.fields.persistenceMode.label'),
        kind: 'choice',
        options: PERSISTENCE_MODES,
        help: t('environments.fields.persistenceMode.help'),
      }
    case 'apiBaseUrl':
      return {
        label: t('environments.fields.apiBaseUrl.label'),
        kind: 'url',
        placeholder: t('environments.fields.inherited'),
        help: t('environments.fields.apiBaseUrl.help'),
      }
    case 'domain':
      return {
        label: t('environments.fields.domain.label'),
        kind: 'text',
        placeholder: t('environments.fields.inherited'),
        help: t('environments.fields.domain.help'),
      }
    case 'apiKey':
      return {
        label: t('environments.fields.apiKey.label'),
        kind: 'secret',
        placeholder: t('environments.fields.inherited'),
        help: t('environments.fields.apiKey.help'),
      }
    case 'isolationScope':
      return {
        label: t('environments.fields.isolationScope.label'),
        kind: 'choice',
        options: ISOLATION_SCOPES,
        valueLabel: isolationScopeLabel,
        help: t('environments.fields.isolationScope.help'),
      }
  }
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

const COMMON_FIELDS: readonly ConfigFieldKey[] = ['isolationScope']

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
