import type { Agent, AgentDefinition, AgentDefinitionUpdate, AgentVersion } from '@/data/agents/types'
import type { Environment } from '@/data/environments/types'
import type { Session } from '@/data/sessions/types'
import type { WorkItem } from '@/data/work/types'

export type { Agent, AgentDefinition, AgentDefinitionUpdate, AgentVersion, Environment, Session, WorkItem }

/** The three definition fields new sessions inherit when they do not name their own. */
export type SessionDefaults = {
  defaultEnvironmentId: string | null
  defaultMemoryStoreIds: string[]
  defaultVaultIds: string[]
}

export const SESSION_DEFAULT_FIELDS = [
  'defaultEnvironmentId',
  'defaultMemoryStoreIds',
  'defaultVaultIds',
] as const
