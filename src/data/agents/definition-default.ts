import { useQueries } from '@tanstack/react-query'
import { agentDefinitionQuery } from './queries'
import type { AgentDefinitionEnvelope } from './types'
import { isApiError } from '@/api/api-error'

/**
 * What is known about an agent's default environment. The catalog does not carry it (C5), so it
 * is read from each agent's definition, and until that answer is in, the console does not know:
 * "none" is said only when a definition was read and names no environment.
 */
export type DefinitionDefault =
  | { state: 'loading' }
  | { state: 'set'; environmentId: string }
  | { state: 'none' }
  /** 404: no managed definition (an external or hosted agent), so nothing to hold a default. */
  | { state: 'no_definition' }
  /** 403: the caller may list the agent but not read its definition. */
  | { state: 'forbidden' }
  | { state: 'unknown'; error: unknown }

export function definitionDefault(result: {
  status: 'pending' | 'error' | 'success'
  data: AgentDefinitionEnvelope | undefined
  error: unknown
}): DefinitionDefault {
  if (result.status === 'success' && result.data) {
    const id = result.data.definition.defaultEnvironmentId
    return id ? { state: 'set', environmentId: id } : { state: 'none' }
  }
  if (result.status === 'error') {
    if (isApiError(result.error) && result.error.status === 404) return { state: 'no_definition' }
    if (isApiError(result.error) && result.error.status === 403) return { state: 'forbidden' }
    return { state: 'unknown', error: result.error }
  }
  return { state: 'loading' }
}

/** The default of each agent, one definition query per agent (shared with every other reader). */
export function useDefinitionDefaults(
  agentIds: readonly string[],
  options: { enabled?: boolean } = {},
): Map<string, DefinitionDefault> {
  const enabled = options.enabled ?? true
  const results = useQueries({
    queries: agentIds.map((agentId) => ({ ...agentDefinitionQuery(agentId), enabled })),
  })
  return new Map(
    agentIds.map((agentId, index) => {
      const result = results[index]
      return [agentId, result ? definitionDefault(result) : { state: 'loading' }]
    }),
  )
}
