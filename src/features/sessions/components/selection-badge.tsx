import type { EnvironmentSelection } from '../models/describe-environment-selection'
import { Badge } from '@/components/ui/badge'

/** How the session's environment was chosen, as a marker with the reason as its title. */
export function SelectionBadge({ selection }: { selection: EnvironmentSelection }) {
  const tone =
    selection.source === 'agent_default' ? 'neutral' : selection.source === 'missing' ? 'warning' : 'info'
  return (
    <Badge tone={tone} title={selection.reason}>
      {selection.marker}
    </Badge>
  )
}
