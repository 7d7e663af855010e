import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useUpdateAgentDefinition } from '@/data/agents/mutations'
import { agentDefinitionQuery } from '@/data/agents/queries'
import type { AgentDefinition, SessionDefaults } from '../models/agent-types'
import type { LocalPolicy } from '../models/default-environment-warnings'
import { mergeSessionDefaults } from '../models/merge-session-defaults'
import { isSameSessionDefaults, readSessionDefaults } from '../models/session-defaults'
import { readStoredEdit, writeStoredEdit, type SessionDefaultsEdit } from '../stores/session-defaults-draft'
import { isApiError } from '@/api/api-error'

/** A save refused because the definition moved on: what the user started from, the latest, and their defaults. */
export type DefinitionConflict = { base: AgentDefinition; latest: AgentDefinition; draft: SessionDefaults }

export type SavedDefaults = { version: number; defaults: SessionDefaults }

function isLocalDisabledError(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'local_environment_disabled' || /local environments are disabled/i.test(error.message))
  )
}

/**
 * After a refused save: the server's newer definition when the refusal was a version conflict,
 * else null. A 409 for another reason (an archived agent) leaves the version where it was, and a
 * latest that cannot be read is shown as the original error.
 */
export async function newerDefinition(
  queryClient: QueryClient,
  agentId: string,
  from: AgentDefinition,
  error: unknown,
): Promise<AgentDefinition | null> {
  if (!isApiError(error) || error.status !== 409) return null
  try {
    const latest = await queryClient.fetchQuery({ ...agentDefinitionQuery(agentId), staleTime: 0 })
    return latest.definition.version !== from.version ? latest.definition : null
  } catch {
    return null
  }
}

/**
 * The server refused the save for this account (403) for a reason other than the local-environment
 * policy: the panel turns read-only and says why, instead of inviting more refused saves.
 */
export function refusedForAccount(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 403 || isLocalDisabledError(error)) return null
  return error.message
}

/**
 * Edit state of the session-defaults panel. The edit remembers the definition it started from, so
 * a save is a read-modify-write of that exact version: if the server moved on, the 409 opens a
 * conflict to resolve instead of silently overwriting someone else's change.
 */
export function useSessionDefaultsEditor(
  agentId: string,
  current: AgentDefinition | undefined,
  /** Whether an environment id is a `local` one: a save that binds it proves the deployment allows them. */
  isLocalEnvironment: (environmentId: string) => boolean,
) {
  const queryClient = useQueryClient()
  const mutation = useUpdateAgentDefinition(agentId)
  const [edit, setEditState] = useState<SessionDefaultsEdit | null>(() => readStoredEdit(agentId))
  const [conflict, setConflict] = useState<DefinitionConflict | null>(null)
  const [saveError, setSaveError] = useState<unknown>(null)
  const [saved, setSaved] = useState<SavedDefaults | null>(null)
  const [localPolicy, setLocalPolicy] = useState<LocalPolicy>('unknown')

  const setEdit = (next: SessionDefaultsEdit | null) => {
    writeStoredEdit(agentId, next)
    setEditState(next)
  }

  const base = edit?.base ?? current
  const draft = edit?.draft ?? (current ? readSessionDefaults(current) : null)
  const isDirty = edit !== null && !isSameSessionDefaults(edit.draft, readSessionDefaults(edit.base))
  /** The server has a newer version than the one this edit started from. */
  const isBaseOutdated = edit !== null && current !== undefined && current.version !== edit.base.version

  function change(next: SessionDefaults) {
    if (!base) return
    setEdit({ base, draft: next })
    setSaved(null)
    setSaveError(null)
  }

  function discard() {
    setEdit(null)
    setConflict(null)
    setSaveError(null)
  }

  async function submit(from: AgentDefinition, defaults: SessionDefaults) {
    setSaveError(null)
    try {
      const { definition } = await mutation.mutateAsync(mergeSessionDefaults(from, defaults))
      setEdit(null)
      setConflict(null)
      setSaved({ version: definition.version, defaults })
      if (defaults.defaultEnvironmentId && isLocalEnvironment(defaults.defaultEnvironmentId)) {
        setLocalPolicy('allowed')
      }
    } catch (error) {
      const latest = await newerDefinition(queryClient, agentId, from, error)
      if (latest) {
        setConflict({ base: from, latest, draft: defaults })
        return
      }
      if (isLocalDisabledError(error)) setLocalPolicy('disabled')
      setSaveError(error)
    }
  }

  return {
    base,
    draft,
    isDirty,
    isBaseOutdated,
    isSaving: mutation.isPending,
    saveError,
    saved,
    localPolicy,
    conflict,
    change,
    discard,
    save: () => (base && draft ? submit(base, draft) : Promise.resolve()),
    /** Merge the user's defaults onto the latest definition and PATCH with its version. */
    reapply: () => (conflict ? submit(conflict.latest, conflict.draft) : Promise.resolve()),
    /** Keep editing without deciding; the next save will conflict again. */
    dismissConflict: () => setConflict(null),
  }
}

export type SessionDefaultsEditor = ReturnType<typeof useSessionDefaultsEditor>
