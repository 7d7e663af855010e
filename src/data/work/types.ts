import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

export type WorkItem = Schemas['WorkItem']
export type WorkItemStatus = Schemas['WorkItemStatus']
export type WorkStats = Schemas['WorkStats']
export type HandsStatus = Schemas['HandsStatus']
