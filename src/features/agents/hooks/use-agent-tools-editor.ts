import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useUpdateAgentDefinition } from '@/data/agents/mutations'
import { decodeAgentTools, type AgentTools } from '@/data/agents/decode-tools'
import type { AgentDefinition } from '../models/agent-types'
import { mergeAgentTools } from '../models/agent-tools'
import { newerDefinition } from './use-session-defaults-editor'

/** A tools save refused because the definition moved on: where the user started, the latest, their tools. */
export type ToolsConflict = { base: AgentDefinition; latest: AgentDefinition; tools: AgentTools }

/**
 * Edit state of the Tools section: the same version-checked read-modify-write as Session defaults.
 * The edit remembers the definition it started from; a 409 opens a conflict showing both sides.
 */
export function useAgentToolsEditor(agentId: string, current: AgentDefinition | undefined) {
  const queryClient = useQueryClient()
  const mutation = useUpdateAgentDefinition(agentId)
  const [edit, setEdit] = useState<{ base: AgentDefinition; tools: AgentTools } | null>(null)
  const [conflict, setConflict] = useState<ToolsConflict | null>(null)
  const [saveError, setSaveError] = useState<unknown>(null)
  const [savedVersion, setSavedVersion] = useState<number | null>(null)

  const base = edit?.base ?? current
  const tools = edit?.tools ?? (current ? decodeAgentTools(current.tools) : null)

  async function submit(from: AgentDefinition, next: AgentTools) {
    setSaveError(null)
    try {
      const { definition } = await mutation.mutateAsync(mergeAgentTools(from, next))
      setEdit(null)
      setConflict(null)
      setSavedVersion(definition.version)
    } catch (error) {
      const latest = await newerDefinition(queryClient, agentId, from, error)
      if (latest) {
        setConflict({ base: from, latest, tools: next })
        return
      }
      setSaveError(error)
    }
  }

  return {
    base,
    tools,
    isDirty: edit !== null,
    isSaving: mutation.isPending,
    saveError,
    savedVersion,
    conflict,
    change: (next: AgentTools) => {
      if (!base) return
      setEdit({ base, tools: next })
      setSavedVersion(null)
      setSaveError(null)
    },
    discard: () => {
      setEdit(null)
      setConflict(null)
      setSaveError(null)
    },
    save: () => (base && tools && edit ? submit(base, tools) : Promise.resolve()),
    /** Write the user's tools onto the latest definition, with its version. */
    reapply: () => (conflict ? submit(conflict.latest, conflict.tools) : Promise.resolve()),
  }
}

export type AgentToolsEditor = ReturnType<typeof useAgentToolsEditor>
