import type { WorkerHealth } from '../models/worker-health'
import { Badge } from '@/components/ui/badge'

const labels: Record<WorkerHealth, { text: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  online: { text: 'Online', tone: 'success' },
  stale: { text: 'Stale', tone: 'warning' },
  offline: { text: 'Offline', tone: 'danger' },
  unknown: { text: 'No heartbeat', tone: 'neutral' },
}

export function WorkerHealthBadge({ health }: { health: WorkerHealth }) {
  const { text, tone } = labels[health]
  return <Badge tone={tone}>{text}</Badge>
}
