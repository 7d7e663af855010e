import { useQuery } from '@tanstack/react-query'
import { environmentLookupQuery } from './queries'

/** An environment's name (one cached read per id); null until it loads, or when it is gone. */
export function useEnvironmentName(environmentId: string | null | undefined): string | null {
  const environment = useQuery({
    ...environmentLookupQuery(environmentId ?? ''),
    enabled: Boolean(environmentId),
  })
  return environmentId ? (environment.data?.name ?? null) : null
}
