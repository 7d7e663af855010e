import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

export type Agent = Schemas['Agent']
export type AgentDefinition = Schemas['AgentDefinition']
export type AgentDefinitionUpdate = Schemas['AgentDefinitionUpdate']
export type AgentVersion = Schemas['AgentVersion']
