/**
 * The API families the console's screens and panels depend on, by name: what the server probes
 * (src/data/server) learn at sign-in and what `<FamilyUnavailable>` names when one is missing.
 */
export const API_FAMILIES = [
  'environments',
  'agentCatalog',
  'agentSessions',
  'trace',
  'inputs',
  'files',
  'artifacts',
  'checkpoints',
  'subagents',
  'budget',
] as const
export type ApiFamily = (typeof API_FAMILIES)[number]
