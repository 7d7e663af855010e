import { decodeEnvironmentWithKey } from './decode-environment'
import type { Environment, EnvironmentCreate } from './types'
import { api } from '@/api/client'

/** A response that carried a one-time key, split so the key never travels with the environment. */
export type IssuedKey = { environment: Environment; apiKey: string }

/*
 * Create and rotate are plain calls, not react-query mutations: their answer holds the one-time
 * key, and a mutation would keep it in the mutation cache. Screens reach them through
 * `useCreateEnvironment` / `useRotateEnvironmentKey` (mutations.ts), which refresh the lists.
 */

export async function createEnvironment(body: EnvironmentCreate): Promise<IssuedKey> {
  const { data } = await api().POST('/api/environments', { body })
  return decodeEnvironmentWithKey(data, 'created environment')
}

export async function rotateEnvironmentKey(id: string): Promise<IssuedKey> {
  const { data } = await api().POST('/api/environments/{id}/rotate-key', { params: { path: { id } } })
  return decodeEnvironmentWithKey(data, 'rotated environment')
}
