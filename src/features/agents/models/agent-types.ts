import type { components } from '@/api/schema.gen'
import type { Agent, AgentDefinition, AgentDefinitionUpdate, AgentVersion } from '@/data/agents/types'
import type { Environment, EnvironmentType } from '@/data/environments/types'

export type { Agent, AgentDefinition, AgentDefinitionUpdate, AgentVersion, Environment, EnvironmentType }

type Schemas = components['schemas']

export type HandsStatus = Schemas['HandsStatus']
export type MemoryStore = Schemas['MemoryStore']
export type Session = Schemas['Session']
export type Vault = Schemas['Vault']
export type WorkItem = Schemas['WorkItem']

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
