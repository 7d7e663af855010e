import { useQuery } from '@tanstack/react-query'
import { environmentQuery } from '@/data/environments/queries'
import { handsStatusQuery, workItemsQuery } from '@/data/work/queries'

type Options = {
  /** False holds every request back (a view that is not needed yet). */
  enabled?: boolean
  /** Also read the workers' heartbeats (`/api/hands/status`). */
  withHands?: boolean
  /** Poll the work items (and heartbeats) this often while enabled. */
  refetchInterval?: number
}

/**
 * A session's environment, whether it is self-hosted, and its work items. Only a self-hosted
 * environment has a work queue and workers, so the queue and the heartbeats are asked for only
 * once the environment says it is one.
 */
export function useEnvironmentWork(environmentId: string | null, options: Options = {}) {
  const { enabled = true, withHands = false, refetchInterval } = options
  const environment = useQuery({
    ...environmentQuery(environmentId ?? ''),
    enabled: enabled && environmentId !== null,
  })
  const isSelfHosted = environment.data?.type === 'self_hosted'
  const work = useQuery({
    ...workItemsQuery(environmentId ?? ''),
    enabled: enabled && isSelfHosted,
    refetchInterval,
  })
  const hands = useQuery({
    ...handsStatusQuery(),
    enabled: enabled && isSelfHosted && withHands,
    refetchInterval,
  })
  return { environment, isSelfHosted, work, hands }
}
