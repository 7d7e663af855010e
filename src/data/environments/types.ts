import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

/** The four types the console knows how to explain and configure. */
export type EnvironmentType = Schemas['EnvironmentType']

/** A config as the server stores it: a JSON object of whatever shape; unknown keys survive an edit untouched. */
export type EnvironmentConfig = Record<string, unknown>

/**
 * An environment as the console models it, decoded from whatever the server sent
 * (`decode-environment.ts`). Times are epoch milliseconds.
 */
export type Environment = {
  id: string
  name: string
  /** One of EnvironmentType on current servers; older servers stored any text, shown as sent. */
  type: string
  /**
   * null when the environment was created without one (api-notes C7: the server stores JSON
   * null and reads it back as `"config": null`); the server's defaults apply then.
   */
  config: EnvironmentConfig | null
  /** Creating user, or `namespace:<tenant>:<name>` for shared namespaces. */
  ownerId: string
  createdAt: number
  updatedAt: number
  archivedAt: number | null
}

export type EnvironmentCreate = Schemas['EnvironmentCreate']
export type EnvironmentUpdate = Schemas['EnvironmentUpdate']
