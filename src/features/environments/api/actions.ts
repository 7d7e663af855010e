import type { Environment } from '../models/environment-types'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'
import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

/** A response that carried a one-time key, split so the key never travels with the environment. */
export type IssuedKey = { environment: Environment; apiKey: string }

/**
 * Create and rotate are plain calls, not react-query mutations: their answer holds the one-time
 * key, and a mutation would keep it in the mutation cache. The caller puts the environment part
 * through invalidation and hands the key to the key dialog's state only.
 */
function splitKey(data: Schemas['EnvironmentWithKey'] | undefined, what: string): IssuedKey {
  const { apiKey, ...environment } = expectObject(data, what, ['id', 'apiKey'])
  return { environment, apiKey }
}

export async function createEnvironment(body: Schemas['EnvironmentCreate']): Promise<IssuedKey> {
  const { data } = await api().POST('/api/environments', { body })
  return splitKey(data, 'created environment')
}

export async function rotateEnvironmentKey(id: string): Promise<IssuedKey> {
  const { data } = await api().POST('/api/environments/{id}/rotate-key', { params: { path: { id } } })
  return splitKey(data, 'rotated environment')
}

export async function updateEnvironment(
  id: string,
  body: Schemas['EnvironmentUpdate'],
): Promise<Environment> {
  const { data } = await api().PATCH('/api/environments/{id}', { params: { path: { id } }, body })
  return expectObject(data, 'environment', ['id'])
}

export async function archiveEnvironment(id: string): Promise<Environment> {
  const { data } = await api().POST('/api/environments/{id}/archive', { params: { path: { id } } })
  return expectObject(data, 'environment', ['id'])
}

export async function deleteEnvironment(id: string): Promise<void> {
  await api().DELETE('/api/environments/{id}', { params: { path: { id } } })
}
