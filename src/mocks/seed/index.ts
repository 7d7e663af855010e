import type { MockBackend } from '../backend'
import { seedControlPlane } from './seed-control-plane'
import { seedSessions } from './seed-sessions'

/** The demo world: environments of every type, agents with and without defaults, sessions with history. */
export async function seed(backend: MockBackend, options: { largeSessionEvents?: number } = {}) {
  await seedControlPlane(backend)
  seedSessions(backend, options)
}
