import { useQuery } from '@tanstack/react-query'
import { agentDefinitionQuery, agentListQuery } from '@/data/agents/queries'
import type { Session } from '@/data/sessions/types'
import {
  describeEnvironmentSelection,
  type EnvironmentSelection,
} from '../models/describe-environment-selection'
import { useSessionOriginsStore } from '../stores/session-origins-store'

/**
 * How the session's environment was chosen, from what this console recorded when it created or
 * changed the session; for one created elsewhere, compared with the agent's current default (of
 * an agent this namespace lists: another one's definition answers 404).
 */
export function useEnvironmentSelection(
  session: Session,
  { environmentMissing = false }: { environmentMissing?: boolean } = {},
): EnvironmentSelection {
  const origin = useSessionOriginsStore((state) => state.origins[session.id])
  const isRecorded = origin?.creation !== undefined || origin?.changedAt !== undefined
  const agents = useQuery({ ...agentListQuery('all'), enabled: !isRecorded })
  const isListed = agents.data?.some((agent) => agent.id === session.agentId) ?? false
  const definition = useQuery({ ...agentDefinitionQuery(session.agentId), enabled: !isRecorded && isListed })
  return describeEnvironmentSelection(session, {
    origin,
    environmentMissing,
    currentAgentDefault: definition.isSuccess
      ? (definition.data.definition.defaultEnvironmentId ?? null)
      : undefined,
  })
}
