import { useQuery } from '@tanstack/react-query'
import { isApiError } from '@/api/api-error'
import { environmentQuery } from '@/data/environments/queries'

/**
 * Whether the session's environment answers 404 here: deleted, or in a namespace other than the
 * one the console is in. Tools of such a session cannot run, so the page says so instead of
 * offering to send or saying where a pending call "ran".
 */
export function useEnvironmentGone(environmentId: string | null | undefined): boolean {
  const environment = useQuery({ ...environmentQuery(environmentId ?? ''), enabled: Boolean(environmentId) })
  return environment.isError && isApiError(environment.error) && environment.error.status === 404
}
