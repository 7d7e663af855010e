export type EnvironmentListParams = { limit: number; offset: number }

/**
 * Every cached read of `/api/environments` sits under `environments`: the lists under `lists()`
 * (the paged list, and the whole list behind pickers, filters and the palette) and each
 * environment under `detail(id)`. Invalidating `lists()` refreshes every screen that lists
 * environments, so a create, archive or delete reaches all of them; an edit or a key rotation also
 * invalidates the environment's `detail`.
 */
export const environmentKeys = {
  all: ['environments'] as const,
  lists: () => [...environmentKeys.all, 'list'] as const,
  list: (params: EnvironmentListParams) => [...environmentKeys.lists(), params] as const,
  /** Every environment, for pickers, searching and filtering in the browser. */
  everything: () => [...environmentKeys.lists(), 'everything'] as const,
  detail: (id: string) => [...environmentKeys.all, 'detail', id] as const,
}
