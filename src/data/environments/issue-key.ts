import type { Environment, EnvironmentCreate } from './types'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'
import type { components } from '@/api/schema.gen'

/** A response that carried a one-time key, split so the key never travels with the environment. */
export type IssuedKey = { environment: Environment; apiKey: string }

/**
 * Create and rotate are plain calls, not react-query mutations: their answer holds the one-time
 * key, and a mutation would keep it in the mutation cache. The caller puts the environment part
 * through invalidation (see `invalidateEnvironments`) and hands the key to the key dialog's state
 * only.
 */
function splitKey(data: components['schemas']['EnvironmentWithKey'] | undefined, what: string): IssuedKey {
  const { apiKey, ...environment } = expectObject(data, what, ['id', 'apiKey'])
  return { environment, apiKey }
}

export async function createEnvironment(body: EnvironmentCreate): Promise<IssuedKey> {
  const { data } = await api().POST('/api/environments', { body })
  return splitKey(data, 'created environment')
}

export async function rotateEnvironmentKey(id: string): Promise<IssuedKey> {
  const { data } = await api().POST('/api/environments/{id}/rotate-key', { params: { path: { id } } })
  return splitKey(data, 'rotated environment')
}
