import type { Environment, EnvironmentConfig } from './types'
import { expectList, expectRecord, malformedField } from '@/api/response-guards'
import { isRecord, readString, readTime } from '@/lib/read-fields'

/**
 * Only a JSON object is a config. `null` (created without one, C7), an absent key or anything
 * else the server may have stored reads as no config: the server's defaults apply, and an edit
 * starts from an empty object.
 */
function readConfig(value: unknown): EnvironmentConfig | null {
  return isRecord(value) ? value : null
}

/** One environment from a list, a read, a PATCH or an archive answer. */
export function decodeEnvironment(value: unknown, what = 'environment'): Environment {
  const record = expectRecord(value, what)
  const id = readString(record.id)
  if (!id) throw malformedField(what, 'id')
  const type = readString(record.type)
  if (type === null) throw malformedField(what, 'type')
  const updatedAt = readTime(record.updatedAt)
  if (updatedAt === null) throw malformedField(what, 'updatedAt')
  return {
    id,
    name: readString(record.name) ?? id,
    type,
    config: readConfig(record.config),
    ownerId: readString(record.ownerId) ?? '',
    createdAt: readTime(record.createdAt) ?? updatedAt,
    updatedAt,
    archivedAt: readTime(record.archivedAt),
  }
}

export function decodeEnvironmentList(value: unknown, what = 'environments'): Environment[] {
  return expectList(value, what).map((item) => decodeEnvironment(item, what))
}

/**
 * A create or rotate answer: the environment plus its one-time `apiKey`, split apart here so the
 * key never travels inside an Environment.
 */
export function decodeEnvironmentWithKey(
  value: unknown,
  what: string,
): { environment: Environment; apiKey: string } {
  const record = expectRecord(value, what)
  const apiKey = readString(record.apiKey)
  if (!apiKey) throw malformedField(what, 'apiKey')
  // decodeEnvironment copies only the environment's own fields, so the key is left behind.
  return { environment: decodeEnvironment(record, what), apiKey }
}
