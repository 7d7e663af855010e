/**
 * What this console asked for when it created a session, and whether it changed the session's
 * environment since. The session object upstream does not say how its environment was chosen
 * (explicitly, inherited from the agent, or picked by the server, C17), so the console remembers
 * its own request to tell them apart.
 */
export type SessionCreation = {
  /** The environment the create request named; null when it named none. */
  requestedEnvironmentId: string | null
  /** The agent's default environment the dialog showed when creating (null: none). */
  agentDefaultEnvironmentId: string | null
  /** The definition version that default was read from. */
  agentVersion: number | null
}

export type SessionOrigin = {
  /** Absent when the session was created elsewhere. */
  creation?: SessionCreation
  /** When this console changed the environment afterwards. */
  changedAt?: number
}
