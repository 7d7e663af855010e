import { statusLabel } from '../models/status-label'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

const TONES: Record<string, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  completed: 'success',
  resolved: 'success',
  stopped: 'neutral',
  idle: 'neutral',
  running: 'info',
  active: 'info',
  starting: 'info',
  dispatched: 'info',
  requested: 'info',
  accepted: 'info',
  queued: 'warning',
  requires_action: 'warning',
  cancel_requested: 'warning',
  pending: 'warning',
  created: 'warning',
  failed: 'danger',
  denied: 'danger',
  error: 'danger',
  rejected: 'danger',
  interrupted: 'danger',
  cancelled: 'neutral',
  terminated: 'danger',
  archived: 'neutral',
}

/** A status word with a colour that means the same thing everywhere in the inspector. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  useT('sessions')
  const value = status ?? 'unknown'
  return <Badge tone={TONES[value] ?? 'neutral'}>{statusLabel(value)}</Badge>
}
