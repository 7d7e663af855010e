import { Link } from '@/components/ui/link'
import { useEnvironmentWork } from '../hooks/use-environment-work'
import { environmentWorkerPresence, summarizePresence } from '@/data/work/worker-presence'
import { workerGuideHref } from '../models/diagnose-stall'
import { joinList } from '../models/join-list'
import { unlinkedPollingWorkers } from '../models/unlinked-workers'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'
import { useNow } from '@/lib/use-now'
import { followsWorkerRecipe, workerSlug } from '@/lib/worker-slug'

/**
 * Before a session is created on a self-hosted environment: says when no worker is there to run
 * its tools (none polled recently or holds moving work), so the first turn would only wait.
 */
export function WorkerAvailabilityNotice({ environmentId }: { environmentId: string }) {
  const { t } = useT('sessions')
  const now = useNow(5_000)
  const { environment, isSelfHosted, work, hands } = useEnvironmentWork(environmentId, { withHands: true })
  if (!environment.isSuccess || !isSelfHosted || !work.isSuccess || !hands.isSuccess) return null
  const heartbeats = hands.data.workerHeartbeats
  const workers = environmentWorkerPresence(work.data, heartbeats, now)
  if (summarizePresence(workers).online > 0) return null
  const unlinked = unlinkedPollingWorkers(workers, heartbeats, now)
  const name = environment.data.name
  // A worker started from this environment's run guide carries its name; before any work was
  // queued here it has had nothing to claim, so it is most likely the user's own, waiting.
  const hasQueuedWork = work.data.some((item) => item.status === 'queued')
  const fromRecipe = hasQueuedWork ? [] : unlinked.filter((workerId) => followsWorkerRecipe(workerId, name))
  if (fromRecipe.length > 0)
    return (
      <Notice
        tone="info"
        role="status"
        title={t('sessions.create.noWorker.recipeTitle', {
          workers: joinList(fromRecipe),
          count: fromRecipe.length,
          environment: name,
        })}
      >
        <p>{t('sessions.create.noWorker.recipeBody', { pattern: `${workerSlug(name)}-N` })}</p>
      </Notice>
    )
  return (
    <Notice tone="warning" role="status" title={t('sessions.create.noWorker.title', { environment: name })}>
      <p>
        {unlinked.length > 0
          ? t('sessions.create.noWorker.unlinked', { workers: joinList(unlinked), count: unlinked.length })
          : t('sessions.create.noWorker.body')}
      </p>
      <Link className="mt-1 inline-block text-primary hover:underline" to={workerGuideHref(environmentId)}>
        {t('sessions.create.noWorker.guide')}
      </Link>
    </Notice>
  )
}
