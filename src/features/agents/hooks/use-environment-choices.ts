import { useQueries, useQuery } from '@tanstack/react-query'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { handsStatusQuery, workItemsQuery } from '@/data/work/queries'
import type { Environment } from '../models/agent-types'
import { deriveEnvironmentHealth, type EnvironmentHealth } from '../models/environment-health'
import { useNow } from '@/lib/use-now'

export type EnvironmentChoice = {
  environment: Environment
  /** null while the worker status is loading or could not be read. */
  health: EnvironmentHealth | null
}

/** Environments the caller can pick, each with its type and (for self-hosted) worker health. */
export function useEnvironmentChoices() {
  const environments = useQuery(allEnvironmentsQuery())
  const hands = useQuery(handsStatusQuery())
  const now = useNow()
  const selfHosted = (environments.data ?? []).filter((environment) => environment.type === 'self_hosted')
  const work = useQueries({ queries: selfHosted.map((environment) => workItemsQuery(environment.id)) })

  const healthOf = (environment: Environment): EnvironmentHealth | null => {
    const index = selfHosted.indexOf(environment)
    const items = index === -1 ? [] : work[index]?.data
    if (environment.type === 'self_hosted' && (!items || !hands.data)) return null
    return deriveEnvironmentHealth({
      type: environment.type,
      workItems: items ?? [],
      workerHeartbeats: hands.data?.workerHeartbeats ?? {},
      now,
    })
  }

  const choices: EnvironmentChoice[] | undefined = environments.data?.map((environment) => ({
    environment,
    health: healthOf(environment),
  }))
  return { query: environments, choices, isHealthUnavailable: hands.isError, healthOf }
}
