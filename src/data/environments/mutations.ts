import type { Environment, EnvironmentUpdate } from './types'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'

export async function updateEnvironment(id: string, body: EnvironmentUpdate): Promise<Environment> {
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
