import type { WorkerState } from '@/data/work/worker-presence'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

const tones: Record<WorkerState, 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  busy: 'info',
  idle: 'success',
  stale: 'warning',
  offline: 'danger',
  unknown: 'neutral',
}

/** A worker's presence (`data/work/worker-presence.ts`) as a badge: busy is a state of its own. */
export function WorkerPresenceBadge({ state }: { state: WorkerState }) {
  const { t } = useT('environments')
  const text: Record<WorkerState, string> = {
    busy: t('environments.health.busy'),
    idle: t('environments.health.idle'),
    stale: t('environments.health.stale'),
    offline: t('environments.health.offline'),
    unknown: t('environments.health.unknown'),
  }
  return <Badge tone={tones[state]}>{text[state]}</Badge>
}
