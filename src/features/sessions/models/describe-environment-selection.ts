import type { components } from '@/api/schema.gen'
import { t } from '@/i18n'

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
  if (!session.environmentId) {
    return {
      source: 'none',
      marker: t('sessions.selection.marker.none'),
      reason: t('sessions.selection.reason.none'),
      changedAt: null,
    }
  }
  switch (session.environmentSource) {
    case 'agent_default':
      return {
        source: 'agent_default',
        marker: t('sessions.selection.marker.inherited'),
        reason:
          version === null
            ? t('sessions.selection.reason.inherited')
            : t('sessions.selection.reason.inheritedAtVersion', { version }),
        changedAt: null,
      }
    case 'explicit':
      return {
        source: 'explicit',
        marker: t('sessions.selection.marker.explicit'),
        reason: t('sessions.selection.reason.explicit'),
        changedAt: null,
      }
    case 'changed':
      return {
        source: 'changed',
        marker: t('sessions.selection.marker.changed'),
        reason: t('sessions.selection.reason.changed'),
        changedAt: session.environmentChangedAt ?? null,
      }
    default:
      break
  }
  if (agentDefaultEnvironmentId === undefined) {
    return {
      source: 'unknown',
      marker: t('sessions.selection.marker.unknown'),
      reason: t('sessions.selection.reason.unknown'),
      changedAt: null,
    }
  }
  const isSame = agentDefaultEnvironmentId === session.environmentId
  return {
    source: 'unknown',
    marker: isSame
      ? t('sessions.selection.marker.matchesDefault')
      : t('sessions.selection.marker.differsFromDefault'),
    reason: isSame
      ? t('sessions.selection.reason.matchesDefault')
      : t('sessions.selection.reason.differsFromDefault'),
    changedAt: null,
  }
}
