export type SessionListParams = { status: 'active' | 'archived' | 'all'; limit: number; offset: number }

export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (params: SessionListParams) => [...sessionKeys.lists(), params] as const,
  detail: (id: string) => [...sessionKeys.all, 'detail', id] as const,
}
