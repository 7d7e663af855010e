import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

export type Session = Schemas['Session']
export type SessionCreate = Schemas['SessionCreate']
export type Turn = Schemas['Turn']
export type TurnStatus = Schemas['TurnStatus']
export type Snapshot = Schemas['Snapshot']
export type ResourceEnvelope = Schemas['ResourceEnvelope']
export type ActionAnswer = Schemas['ActionAnswer']
export type Usage = Schemas['Usage']
export type PublicEvent = Schemas['PublicEvent']
