import type { QueryClient } from '@tanstack/react-query'
import { decodeEnvironment } from './decode-environment'
import { createEnvironment, rotateEnvironmentKey } from './issue-key'
import { environmentKeys } from './keys'
import type { Environment, EnvironmentUpdate } from './types'
import { useSecretWrite, useWrite, type WriteOptions } from '../write'
import { api } from '@/api/client'

/**
 * Every list of environments: the paged list, the whole list behind the pickers (agent default,
 * new session, change environment) and the command palette. They all sit under `lists()`, so a
 * create, archive or delete on one screen refreshes the others.
 */
function invalidateEnvironmentLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: environmentKeys.lists() })
}

/** One environment changed (edit, rotation): its page and every list that shows it. */
function invalidateEnvironment(queryClient: QueryClient, id: string): Promise<void> {
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
export function useUpdateEnvironment(id: string, options?: WriteOptions<Environment, EnvironmentUpdate>) {
  return useWrite(
    {
      write: (body: EnvironmentUpdate) => updateEnvironment(id, body),
      refresh: (queryClient) => invalidateEnvironment(queryClient, id),
    },
    options,
  )
}

export function useArchiveEnvironment(id: string, options?: WriteOptions<Environment, void>) {
  return useWrite(
    {
      write: () => archiveEnvironment(id),
      // The archived environment leaves every list; its own page now shows it archived.
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
    },
    options,
  )
}

/**
 * The caller's `onSuccess` runs before the caches are touched, so a page showing the environment
 * can leave first instead of refetching what no longer exists.
 */
export function useDeleteEnvironment(id: string, options?: WriteOptions<void, void>) {
  return useWrite(
    {
      write: () => deleteEnvironment(id),
      refresh: (queryClient) => {
        queryClient.removeQueries({ queryKey: environmentKeys.detail(id) })
        return invalidateEnvironmentLists(queryClient)
      },
    },
    options,
  )
}

/**
 * Create and rotate answer with the one-time key: they go through `useSecretWrite`, which keeps no
 * answer, and the caller hands the key to the key dialog's state only.
 */
export function useCreateEnvironment() {
  return useSecretWrite({
    write: createEnvironment,
    // Only the environment part goes through the cache: the lists are read again.
    refresh: invalidateEnvironmentLists,
  })
}

export function useRotateEnvironmentKey(id: string) {
  return useSecretWrite({
    write: () => rotateEnvironmentKey(id),
    refresh: (queryClient) => invalidateEnvironment(queryClient, id),
  })
}
