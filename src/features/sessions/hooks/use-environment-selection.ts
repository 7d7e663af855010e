import { useQuery } from '@tanstack/react-query'
import { agentDefinitionQuery } from '@/data/agents/queries'
import type { Session } from '@/data/sessions/types'
import {
  describeEnvironmentSelection,
  type EnvironmentSelection,
} from '../models/describe-environment-selection'
import { useSessionOriginsStore } from '../stores/session-origins-store'

/**
 * How the session's environment was chosen, from what this console recorded when it created or
 * changed the session; for one created elsewhere, compared with the agent's current default.
 */
export function useEnvironmentSelection(session: Session): EnvironmentSelection {
  const origin = useSessionOriginsStore((state) => state.origins[session.id])
  const isRecorded = origin?.creation !== undefined || origin?.changedAt !== undefined
  const definition = useQuery({ ...agentDefinitionQuery(session.agentId), enabled: !isRecorded })
  return describeEnvironmentSelection(session, {
    origin,
    currentAgentDefault: definition.isSuccess
      ? (definition.data.definition.defaultEnvironmentId ?? null)
      : undefined,
  })
}
