export type EnvironmentListParams = { limit: number; offset: number }

/**
 * Every cached read of `/api/environments` sits under `environments`: the paged list, the whole
 * list behind pickers, filters and the palette, and each environment by id. Creating, archiving or
 * deleting one invalidates `all`, so every screen that lists environments refreshes.
 */
export const environmentKeys = {
  all: ['environments'] as const,
  lists: () => [...environmentKeys.all, 'list'] as const,
  list: (params: EnvironmentListParams) => [...environmentKeys.lists(), params] as const,
  /** Every environment, for pickers, searching and filtering in the browser. */
  everything: () => [...environmentKeys.lists(), 'everything'] as const,
  detail: (id: string) => [...environmentKeys.all, 'detail', id] as const,
}
