import {
  ISOLATION_SCOPES,
  KNOWN_KEYS,
  PERSISTENCE_MODES,
  SANDBOX_FIELDS,
  UNENFORCED_KEYS,
  type ConfigObject,
} from './config-fields'
import { isRecord } from '@/lib/read-fields'
import type { EnvironmentType } from './environment-types'
import { t } from '@/i18n'

export type ConfigWarning = { id: string; tone: 'warning' | 'info'; message: string }

const list = (keys: readonly string[], quote = true) =>
  keys.map((key) => (quote ? `“${key}”` : key)).join(t('environments.common.listSeparator'))

/** What an operator should know about a config before relying on it; none of it blocks saving. */
export function configWarnings(config: ConfigObject, type: EnvironmentType): ConfigWarning[] {
  const keys = Object.keys(config)
  const warnings: ConfigWarning[] = []
  const unenforced = keys.filter((key) => UNENFORCED_KEYS.has(key))
  if (unenforced.length > 0) {
    warnings.push({
      id: 'unenforced',
      tone: 'warning',
      message: t('environments.warnings.unenforced', { keys: list(unenforced), count: unenforced.length }),
    })
  }
  if (type !== 'sandbox') {
    const sandboxOnly = keys.filter((key) => (SANDBOX_FIELDS as readonly string[]).includes(key))
    if (sandboxOnly.length > 0)
      warnings.push({
        id: 'sandbox-only',
        tone: 'warning',
        message: t('environments.warnings.sandboxOnly', { keys: list(sandboxOnly), type }),
      })
  }
  const mode = config.persistenceMode
  if (typeof mode === 'string' && mode && !(PERSISTENCE_MODES as readonly string[]).includes(mode))
    warnings.push({
      id: 'persistence',
      tone: 'warning',
      message: t('environments.warnings.persistence', { mode }),
    })
  const scope = config.isolationScope
  if (typeof scope === 'string' && scope && !(ISOLATION_SCOPES as readonly string[]).includes(scope))
    warnings.push({
      id: 'isolation',
      tone: 'warning',
      message: t('environments.warnings.isolation', { scope, options: list(ISOLATION_SCOPES, false) }),
    })
  if (isRecord(config.memoryAccess) && Object.values(config.memoryAccess).includes('read_write'))
    warnings.push({
      id: 'memory-read-write',
      tone: 'info',
      message: t('environments.warnings.memoryReadWrite'),
    })
  const unknown = keys.filter((key) => !KNOWN_KEYS.has(key) && !UNENFORCED_KEYS.has(key))
  if (unknown.length > 0)
    warnings.push({
      id: 'unknown',
      tone: 'info',
      message: t('environments.warnings.unknown', { keys: list(unknown), count: unknown.length }),
    })
  return warnings
}
