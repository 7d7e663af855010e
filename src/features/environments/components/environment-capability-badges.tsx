import { environmentTypeInfo, isEnvironmentType, type Environment } from '../models/environment-types'
import { Badge } from '@/components/ui/badge'

/** Who executes tools, whether there is a shell, and what shares a working area. */
export function EnvironmentCapabilityBadges({ environment }: { environment: Environment }) {
  const info = isEnvironmentType(environment.type) ? environmentTypeInfo[environment.type] : null
  const scope =
    typeof environment.config.isolationScope === 'string' ? environment.config.isolationScope : 'SESSION'
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone="info">{info?.label ?? environment.type}</Badge>
      {info ? (
        <>
          <Badge title="Who executes file and shell tools">Runs on: {info.executor}</Badge>
          <Badge tone={info.hasShell ? 'neutral' : 'warning'}>{info.hasShell ? 'Shell' : 'No shell'}</Badge>
        </>
      ) : (
        <Badge tone="warning">Unknown type</Badge>
      )}
      <Badge title="isolationScope: what shares one working area">Isolation: {scope}</Badge>
    </span>
  )
}
