import type { AgentDefinition, SessionDefaults } from '../models/agent-types'

/** An unsaved session-defaults edit and the definition it started from. */
export type SessionDefaultsEdit = { base: AgentDefinition; draft: SessionDefaults }

// Unsaved edits survive a reload or a namespace remount, for this tab only; they hold no secrets.
const draftStorageName = (agentId: string) => `asc.agent-defaults-draft.${agentId}`

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

function isEdit(value: unknown): value is SessionDefaultsEdit {
  if (typeof value !== 'object' || value === null) return false
  const { base, draft } = value as Partial<Record<'base' | 'draft', Record<string, unknown>>>
  return (
    typeof base?.version === 'number' &&
    typeof base.name === 'string' &&
    (draft?.defaultEnvironmentId === null || typeof draft?.defaultEnvironmentId === 'string') &&
    isIdList(draft.defaultMemoryStoreIds) &&
    isIdList(draft.defaultVaultIds)
  )
}

export function readStoredEdit(agentId: string): SessionDefaultsEdit | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(draftStorageName(agentId)) ?? 'null')
    return isEdit(parsed) ? parsed : null
  } catch {
    return null
  }
}

export function writeStoredEdit(agentId: string, edit: SessionDefaultsEdit | null) {
  try {
    if (edit) sessionStorage.setItem(draftStorageName(agentId), JSON.stringify(edit))
    else sessionStorage.removeItem(draftStorageName(agentId))
  } catch {
    // Storage full or disabled: the edit still lives in memory for this visit.
  }
}
