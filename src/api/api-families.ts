/**
 * The API families the console's screens and panels depend on, by name: what the server probes
 * (src/data/server) learn at sign-in and what `<FamilyUnavailable>` names when one is missing.
 * The session operations are asked about on one session, so they are listed apart.
 */
export const SESSION_OPERATION_FAMILIES = [
  'trace',
  'inputs',
  'files',
  'artifacts',
  'checkpoints',
  'subagents',
  'budget',
] as const
export type SessionOperationFamily = (typeof SESSION_OPERATION_FAMILIES)[number]

export const API_FAMILIES = [
  'environments',
  'agentCatalog',
  'agentSessions',
  ...SESSION_OPERATION_FAMILIES,
] as const
export type ApiFamily = (typeof API_FAMILIES)[number]
