import { queryOptions } from '@tanstack/react-query'
import { api } from '@/api/client'
import { normalizeSessionList } from '@/api/normalize-session-list'
import { expectArray, expectObject } from '@/api/response-guards'

// The palette searches what the lists would show, capped: the API has no name search, so it
// loads one large page of each and filters in memory. A pasted id jumps directly regardless.
const PALETTE_STALE_MS = 30_000

export type PaletteEnvironment = { id: string; name: string; type: string; status?: string }
export type PaletteAgent = { id: string; name: string; displayName?: string; status: string }
export type PaletteSession = { id: string; agentId: string; status: string; externalKey?: string | null }

export const paletteEnvironmentsQuery = () =>
  queryOptions({
    queryKey: ['palette', 'environments'],
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments', { params: { query: { limit: 500 } }, signal })
      return expectArray(data, 'environments')
    },
    staleTime: PALETTE_STALE_MS,
  })

export const paletteAgentsQuery = () =>
  queryOptions({
    queryKey: ['palette', 'agents'],
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents', { params: { query: { limit: 200 } }, signal })
      return expectArray(expectObject(data, 'agents', ['items']).items, 'agents')
    },
    staleTime: PALETTE_STALE_MS,
  })

export const paletteSessionsQuery = () =>
  queryOptions({
    queryKey: ['palette', 'sessions'],
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions', {
        params: { query: { status: 'active', limit: 200, offset: 0 } },
        signal,
      })
      return normalizeSessionList(data, 0).items
    },
    staleTime: PALETTE_STALE_MS,
  })
