import type { MockBackend } from '../lib/backend'
import { seedBulkEnvironments } from './bulk'
import { seedControlPlane } from './seed-control-plane'
import { seedSessions } from './seed-sessions'

/** The demo world: environments of every type, agents with and without defaults, sessions with history. */
export async function seed(
  backend: MockBackend,
  options: { largeSessionEvents?: number; bulkEnvironments?: number } = {},
) {
  await seedControlPlane(backend)
  seedSessions(backend, options)
  // After everything else, so the seeded ids and random stream stay the same.
  if (options.bulkEnvironments) seedBulkEnvironments(backend, options.bulkEnvironments)
}
