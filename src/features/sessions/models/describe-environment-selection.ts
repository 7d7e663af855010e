import type { components } from '@/api/schema.gen'

type Session = components['schemas']['Session']

export type EnvironmentSelection = {
  source: 'agent_default' | 'explicit' | 'changed' | 'unknown' | 'none'
  /** Short marker for lists: "inherited", "explicit", "changed". */
  marker: string
  /** One sentence on why the session uses this environment. */
  reason: string
  changedAt: number | null
}

/**
 * Why a session runs where it runs. Servers that record `environmentSource` say it outright; for
 * others the console compares with the agent's current default and says it is an inference.
 */
export function describeEnvironmentSelection(
  session: Session,
  agentDefaultEnvironmentId?: string | null,
): EnvironmentSelection {
  const version = session.agentVersion ?? null
  const atVersion = version === null ? '' : ` at definition version ${version}`
  if (!session.environmentId) {
    return {
      source: 'none',
      marker: 'none',
      reason: 'No environment: the agent had no default and none was chosen at creation.',
      changedAt: null,
    }
  }
  switch (session.environmentSource) {
    case 'agent_default':
      return {
        source: 'agent_default',
        marker: 'inherited',
        reason: `Inherited from the agent’s default environment${atVersion}, because the session was created without one.`,
        changedAt: null,
      }
    case 'explicit':
      return {
        source: 'explicit',
        marker: 'explicit',
        reason: 'Chosen explicitly when the session was created; it applies to this session only.',
        changedAt: null,
      }
    case 'changed':
      return {
        source: 'changed',
        marker: 'changed',
        reason: 'Changed after creation; working files stayed in the previous environment.',
        changedAt: session.environmentChangedAt ?? null,
      }
    default:
      break
  }
  if (agentDefaultEnvironmentId === undefined) {
    return {
      source: 'unknown',
      marker: 'unknown',
      reason: 'The server does not say how it was selected.',
      changedAt: null,
    }
  }
  const isSame = agentDefaultEnvironmentId === session.environmentId
  return {
    source: 'unknown',
    marker: isSame ? 'matches default' : 'differs from default',
    reason: isSame
      ? 'The server does not say how it was selected; it matches the agent’s current default, so it was probably inherited.'
      : 'The server does not say how it was selected; it differs from the agent’s current default, so it was chosen or changed for this session (or the default changed since).',
    changedAt: null,
  }
}
