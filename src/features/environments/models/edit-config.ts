import { configFieldInfo, type ConfigFieldKey, type ConfigObject } from './config-fields'
import { isRecord } from '@/lib/read-fields'

/**
 * A copy of `config` with one key replaced in place, so key order and every other value stay
 * exactly as they were (the server replaces the whole object on PATCH). `undefined` removes it.
 */
export function withConfigValue(config: ConfigObject, key: string, value: unknown): ConfigObject {
  if (value === undefined) {
    if (!Object.hasOwn(config, key)) return config
    return Object.fromEntries(Object.entries(config).filter(([name]) => name !== key))
  }
  if (Object.hasOwn(config, key)) {
    return Object.fromEntries(Object.entries(config).map(([name, old]) => [name, name === key ? value : old]))
  }
  return { ...config, [key]: value }
}

/**
 * What a typed form field writes: empty removes the key (the server default applies), a whole
 * number in an integer field becomes a number, anything else is kept as typed (validation flags
 * stray spaces or bad numbers; trimming here would eat the space the user is typing).
 */
export function setConfigField(config: ConfigObject, key: ConfigFieldKey, text: string): ConfigObject {
  if (text === '') return withConfigValue(config, key, undefined)
  if (configFieldInfo(key).kind === 'integer' && /^\d+$/.test(text))
    return withConfigValue(config, key, Number(text))
  return withConfigValue(config, key, text)
}

/** The text a form field shows for a key, whatever type the stored value has. */
export function readConfigField(config: ConfigObject, key: string): string {
  if (!Object.hasOwn(config, key)) return ''
  const value = config[key]
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

export type MemoryAccessRow = { storeId: string; access: string }

/** memoryAccess as editable rows; null when it is not an object and only JSON can edit it. */
export function readMemoryAccess(config: ConfigObject): MemoryAccessRow[] | null {
  if (!Object.hasOwn(config, 'memoryAccess')) return []
  const value = config.memoryAccess
  if (!isRecord(value)) return null
  return Object.entries(value).map(([storeId, access]) => ({
    storeId,
    access: typeof access === 'string' ? access : JSON.stringify(access),
  }))
}

/** Rows back into the config; no rows removes the key. Rows are kept in their order. */
export function setMemoryAccess(config: ConfigObject, rows: readonly MemoryAccessRow[]): ConfigObject {
  if (rows.length === 0) return withConfigValue(config, 'memoryAccess', undefined)
  const previous = isRecord(config.memoryAccess) ? config.memoryAccess : {}
  const next: ConfigObject = {}
  for (const row of rows) {
    // An untouched value that was not a string (say, an object) is kept as it was.
    const old = previous[row.storeId]
    next[row.storeId] =
      old !== undefined && typeof old !== 'string' && JSON.stringify(old) === row.access ? old : row.access
  }
  return withConfigValue(config, 'memoryAccess', next)
}
