import type { MockBackend } from '../lib/backend'
import { seedBulkEnvironments } from './bulk'
import { seedControlPlane } from './seed-control-plane'
import { seedSessions } from './seed-sessions'
import { seedBulkSubagentTree } from './seed-subagents'

/** The demo world: environments of every type, agents with and without defaults, sessions with history. */
export async function seed(
  backend: MockBackend,
  options: {
    largeSessionEvents?: number
    bulkEnvironments?: number
    /** Benchmarks: a session with this many sub-agents of `bulkSubagentEvents` events each. */
    bulkSubagents?: number
    bulkSubagentEvents?: number
  } = {},
) {
  await seedControlPlane(backend)
  seedSessions(backend, options)
  // After everything else, so the seeded ids and random stream stay the same.
  if (options.bulkEnvironments) seedBulkEnvironments(backend, options.bulkEnvironments)
  if (options.bulkSubagents) {
    seedBulkSubagentTree(backend, options.bulkSubagents, options.bulkSubagentEvents ?? 1000)
  }
}
