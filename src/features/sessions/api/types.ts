import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

export type Session = Schemas['Session']
export type Turn = Schemas['Turn']
export type TurnStatus = Schemas['TurnStatus']
export type Snapshot = Schemas['Snapshot']
export type ResourceEnvelope = Schemas['ResourceEnvelope']
export type Agent = Schemas['Agent']
export type AgentDefinition = Schemas['AgentDefinition']
export type Environment = Schemas['Environment']
export type EnvironmentType = Schemas['EnvironmentType']
export type WorkItem = Schemas['WorkItem']
export type HandsStatus = Schemas['HandsStatus']
export type MemoryStore = Schemas['MemoryStore']
export type Vault = Schemas['Vault']
export type ActionAnswer = Schemas['ActionAnswer']
export type Usage = Schemas['Usage']
