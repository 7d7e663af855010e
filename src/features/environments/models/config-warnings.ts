import {
  ISOLATION_SCOPES,
  KNOWN_KEYS,
  PERSISTENCE_MODES,
  SANDBOX_FIELDS,
  UNENFORCED_KEYS,
  type ConfigObject,
} from './config-fields'
import { isPlainObject } from './edit-config'
import type { EnvironmentType } from './environment-types'

export type ConfigWarning = { id: string; tone: 'warning' | 'info'; message: string }

const list = (keys: string[]) => keys.map((key) => `“${key}”`).join(', ')

/** What an operator should know about a config before relying on it; none of it blocks saving. */
export function configWarnings(config: ConfigObject, type: EnvironmentType): ConfigWarning[] {
  const keys = Object.keys(config)
  const warnings: ConfigWarning[] = []
  const unenforced = keys.filter((key) => UNENFORCED_KEYS.has(key))
  if (unenforced.length > 0) {
    warnings.push({
      id: 'unenforced',
      tone: 'warning',
      message: `${list(unenforced)} ${unenforced.length === 1 ? 'is' : 'are'} stored but not enforced: the server ignores ${unenforced.length === 1 ? 'it' : 'them'}. Nothing is installed and no network policy is applied; prepare programs in the worker image or E2B template and enforce network rules in the backend itself.`,
    })
  }
  if (type !== 'sandbox') {
    const sandboxOnly = keys.filter((key) => (SANDBOX_FIELDS as readonly string[]).includes(key))
    if (sandboxOnly.length > 0)
      warnings.push({
        id: 'sandbox-only',
        tone: 'warning',
        message: `${list(sandboxOnly)} only configure sandbox (E2B) environments; a ${type} environment ignores them.`,
      })
  }
  const mode = config.persistenceMode
  if (typeof mode === 'string' && mode && !(PERSISTENCE_MODES as readonly string[]).includes(mode))
    warnings.push({
      id: 'persistence',
      tone: 'warning',
      message: `Persistence mode “${mode}” is unknown; the server falls back to TAR.`,
    })
  const scope = config.isolationScope
  if (typeof scope === 'string' && scope && !(ISOLATION_SCOPES as readonly string[]).includes(scope))
    warnings.push({
      id: 'isolation',
      tone: 'warning',
      message: `Isolation scope “${scope}” is not one of ${ISOLATION_SCOPES.join(', ')}.`,
    })
  if (isPlainObject(config.memoryAccess) && Object.values(config.memoryAccess).includes('read_write'))
    warnings.push({
      id: 'memory-read-write',
      tone: 'info',
      message:
        'read_write does not enable writes today: the managed execution path mounts shared memory read-only whatever is set here.',
    })
  const unknown = keys.filter((key) => !KNOWN_KEYS.has(key) && !UNENFORCED_KEYS.has(key))
  if (unknown.length > 0)
    warnings.push({
      id: 'unknown',
      tone: 'info',
      message: `${list(unknown)} ${unknown.length === 1 ? 'is a key' : 'are keys'} the console does not know; ${unknown.length === 1 ? 'it is' : 'they are'} kept exactly as ${unknown.length === 1 ? 'it is' : 'they are'} when you save.`,
    })
  return warnings
}
