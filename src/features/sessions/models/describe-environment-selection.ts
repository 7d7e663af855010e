import type { SessionOrigin } from './session-origin'
import type { Session } from '@/data/sessions/types'
import { t } from '@/i18n'

export type EnvironmentSelectionSource =
  'explicit' | 'agent_default' | 'server_chosen' | 'changed' | 'unknown' | 'none' | 'missing'

export type EnvironmentSelection = {
  source: EnvironmentSelectionSource
  /** Short marker for lists: "inherited", "explicit", "chosen by the server"… */
  marker: string
  /** One sentence on why the session uses this environment. */
  reason: string
  changedAt: number | null
}

export type SelectionEvidence = {
  /** What this console asked for when it created the session (absent: created elsewhere). */
  origin?: SessionOrigin | undefined
  /** The agent's current default; undefined while it is not known. */
  currentAgentDefault?: string | null | undefined
  /**
   * The environment is not in this namespace (deleted, or the session was created in another
   * one; sessions list whatever the namespace). An agent's default may still name a deleted
   * environment, so "matches default" would say nothing true.
   */
  environmentMissing?: boolean
}

/**
 * Why a session runs where it runs. The session object upstream does not say (it carries only
 * `environmentId`), so this is derived: explicit when the console's create named an environment;
 * inherited when it named none and the server's choice is the default the agent had at that
 * moment; otherwise chosen by the server (C17: the latest deployment's environment, else the
 * owner's oldest, else a new `default-local`). A change made here since overrides all three. For a
 * session created elsewhere only a comparison with the agent's current default is possible, and
 * the reason says it is an inference.
 */
export function describeEnvironmentSelection(
  session: Session,
  evidence: SelectionEvidence = {},
): EnvironmentSelection {
  const { origin, currentAgentDefault, environmentMissing = false } = evidence
  if (!session.environmentId) {
    return {
      source: 'none',
      marker: t('sessions.selection.marker.none'),
      reason: t('sessions.selection.reason.none'),
      changedAt: null,
    }
  }
  if (environmentMissing) {
    return {
      source: 'missing',
      marker: t('sessions.selection.marker.missing'),
      reason: t('sessions.selection.reason.missing'),
      changedAt: null,
    }
  }
  if (origin?.changedAt !== undefined) {
    return {
      source: 'changed',
      marker: t('sessions.selection.marker.changed'),
      reason: t('sessions.selection.reason.changed'),
      changedAt: origin.changedAt,
    }
  }
  const creation = origin?.creation
  if (creation) {
    if (creation.requestedEnvironmentId !== null) {
      return {
        source: 'explicit',
        marker: t('sessions.selection.marker.explicit'),
        reason: t('sessions.selection.reason.explicit'),
        changedAt: null,
      }
    }
    if (creation.agentDefaultEnvironmentId === session.environmentId) {
      const version = session.agentVersion ?? creation.agentVersion
      return {
        source: 'agent_default',
        marker: t('sessions.selection.marker.inherited'),
        reason:
          version === null
            ? t('sessions.selection.reason.inherited')
            : t('sessions.selection.reason.inheritedAtVersion', { version }),
        changedAt: null,
      }
    }
    return {
      source: 'server_chosen',
      marker: t('sessions.selection.marker.serverChosen'),
      reason:
        creation.agentDefaultEnvironmentId === null
          ? t('sessions.selection.reason.serverChosen')
          : t('sessions.selection.reason.serverChosenOverDefault', {
              environment: creation.agentDefaultEnvironmentId,
            }),
      changedAt: null,
    }
  }
  if (currentAgentDefault === undefined) {
    return {
      source: 'unknown',
      marker: t('sessions.selection.marker.unknown'),
      reason: t('sessions.selection.reason.unknown'),
      changedAt: null,
    }
  }
  const isSame = currentAgentDefault === session.environmentId
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
