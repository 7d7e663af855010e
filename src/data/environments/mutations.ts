import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { decodeEnvironment } from './decode-environment'
import { environmentKeys } from './keys'
import type { Environment, EnvironmentUpdate } from './types'
import { api } from '@/api/client'

/**
 * Every list of environments: the paged list, the whole list behind the pickers (agent default,
 * new session, change environment) and the command palette. They all sit under `lists()`, so a
 * create, archive or delete on one screen refreshes the others.
 */
export function invalidateEnvironmentLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: environmentKeys.lists() })
}

/** One environment changed (edit, rotation): its page and every list that shows it. */
export function invalidateEnvironment(queryClient: QueryClient, id: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: environmentKeys.detail(id) }),
    invalidateEnvironmentLists(queryClient),
  ]).then(() => undefined)
}

async function updateEnvironment(id: string, body: EnvironmentUpdate): Promise<Environment> {
  const { data } = await api().PATCH('/api/environments/{id}', { params: { path: { id } }, body })
  return decodeEnvironment(data)
}

async function archiveEnvironment(id: string): Promise<Environment> {
  const { data } = await api().POST('/api/environments/{id}/archive', { params: { path: { id } } })
  return decodeEnvironment(data)
}

async function deleteEnvironment(id: string): Promise<void> {
  await api().DELETE('/api/environments/{id}', { params: { path: { id } } })
}

/** PATCH name and/or config; `config`, when sent, replaces the stored object. */
export function useUpdateEnvironment(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EnvironmentUpdate) => updateEnvironment(id, body),
    onSuccess: () => invalidateEnvironment(queryClient, id),
  })
}

export function useArchiveEnvironment(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => archiveEnvironment(id),
    // The archived environment leaves every list; its own page now shows it archived.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
  })
}

/**
 * `onDeleted` runs before the caches are touched, so a page showing the environment can leave
 * first instead of refetching what no longer exists.
 */
export function useDeleteEnvironment(id: string, options: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient()
  const { onDeleted } = options
  return useMutation({
    mutationFn: () => deleteEnvironment(id),
    onSuccess: () => {
      onDeleted?.()
      queryClient.removeQueries({ queryKey: environmentKeys.detail(id) })
      return invalidateEnvironmentLists(queryClient)
    },
  })
}
