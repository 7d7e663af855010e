import { queryOptions } from '@tanstack/react-query'
import { vaultKeys } from './keys'
import { api } from '@/api/client'
import { expectArray } from '@/api/response-guards'
import type { components } from '@/api/schema.gen'

export type Vault = components['schemas']['Vault']

export const vaultsQuery = () =>
  queryOptions({
    queryKey: vaultKeys.list(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/vaults', { signal })
      return expectArray(data, 'vaults')
    },
    staleTime: 60_000,
  })
