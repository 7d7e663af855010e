import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

export type Environment = Schemas['Environment']
export type EnvironmentType = Schemas['EnvironmentType']
export type EnvironmentCreate = Schemas['EnvironmentCreate']
export type EnvironmentUpdate = Schemas['EnvironmentUpdate']
