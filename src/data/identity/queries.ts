import { queryOptions } from '@tanstack/react-query'
import { identityKeys } from './keys'
import { api } from '@/api/client'
import { expectArray, expectObject } from '@/api/response-guards'

export const scopeQuery = () =>
  queryOptions({
    queryKey: identityKeys.scope(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/me/scope', { signal })
      return expectObject(data, 'scope', ['namespace'])
    },
    staleTime: 5 * 60_000,
  })

export const namespacesQuery = () =>
  queryOptions({
    queryKey: identityKeys.namespaces(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/me/namespaces', { signal })
      return expectArray(expectObject(data, 'namespaces', ['items']).items, 'namespaces')
    },
    staleTime: 5 * 60_000,
  })

export const namespaceResourcesQuery = (namespace: string) =>
  queryOptions({
    queryKey: identityKeys.resources(namespace),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/namespaces/{ns}/resources', {
        params: { path: { ns: namespace } },
        signal,
      })
      return expectArray(expectObject(data, 'resources', ['items']).items, 'resources')
    },
  })

export async function logout() {
  try {
    await api().POST('/api/auth/logout')
  } catch {
    // Signing out locally is what matters; a server that already forgot the token is fine.
  }
}
