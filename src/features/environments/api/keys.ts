export type EnvironmentListParams = { limit: number; offset: number }

export const environmentKeys = {
  all: ['environments'] as const,
  lists: () => [...environmentKeys.all, 'list'] as const,
  list: (params: EnvironmentListParams) => [...environmentKeys.lists(), params] as const,
  detail: (id: string) => [...environmentKeys.all, 'detail', id] as const,
}
