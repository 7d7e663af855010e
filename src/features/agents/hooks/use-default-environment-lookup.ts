import { useQuery } from '@tanstack/react-query'
import { environmentLookupQuery } from '@/data/environments/queries'
import { handsStatusQuery, workItemsQuery } from '@/data/work/queries'
import type { EnvironmentChoice } from './use-environment-choices'
import type { DefaultEnvironmentLookup } from '../models/default-environment-warnings'
import { deriveEnvironmentHealth } from '../models/environment-health'
import { errorMessage, isApiError } from '@/api/api-error'
import { useNow } from '@/lib/use-now'

/**
 * What is known about an environment id: from the choices when it is listed, otherwise read by id,
 * which tells an archived environment (still readable) from a deleted or hidden one (404) or a
 * forbidden one (403).
 */
export function useDefaultEnvironmentLookup(
  environmentId: string | null,
  choices: EnvironmentChoice[] | undefined,
): DefaultEnvironmentLookup {
  const listed = environmentId
    ? choices?.find((choice) => choice.environment.id === environmentId)
    : undefined
  const needsLookup = environmentId !== null && choices !== undefined && listed === undefined
  const lookup = useQuery({ ...environmentLookupQuery(environmentId ?? ''), enabled: needsLookup })
  const isLiveSelfHosted =
    lookup.data?.type === 'self_hosted' &&
    (lookup.data.archivedAt === null || lookup.data.archivedAt === undefined)
  const work = useQuery({
    ...workItemsQuery(environmentId ?? ''),
    enabled: needsLookup && isLiveSelfHosted,
  })
  const hands = useQuery({ ...handsStatusQuery(), enabled: needsLookup && isLiveSelfHosted })
  const now = useNow()

  if (listed) return { status: 'found', environment: listed.environment, health: listed.health }
  if (!needsLookup || lookup.isPending) return { status: 'loading' }
  if (lookup.isError) {
    if (isApiError(lookup.error) && lookup.error.status === 404) return { status: 'not_found' }
    if (isApiError(lookup.error) && lookup.error.status === 403) return { status: 'forbidden' }
    return { status: 'error', message: errorMessage(lookup.error) }
  }
  const health =
    work.data && hands.data
      ? deriveEnvironmentHealth({
          type: lookup.data.type,
          workItems: work.data,
          workerHeartbeats: hands.data.workerHeartbeats,
          now,
        })
      : null
  return { status: 'found', environment: lookup.data, health: isLiveSelfHosted ? health : null }
}
