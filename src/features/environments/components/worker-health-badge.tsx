import type { WorkerHealth } from '../models/worker-health'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

const tones: Record<WorkerHealth, 'success' | 'warning' | 'danger' | 'neutral'> = {
  online: 'success',
  stale: 'warning',
  offline: 'danger',
  unknown: 'neutral',
}

export function WorkerHealthBadge({ health }: { health: WorkerHealth }) {
  const { t } = useT('environments')
  const text: Record<WorkerHealth, string> = {
    online: t('environments.health.online'),
    stale: t('environments.health.stale'),
    offline: t('environments.health.offline'),
    unknown: t('environments.health.unknown'),
  }
  return <Badge tone={tones[health]}>{text[health]}</Badge>
}
