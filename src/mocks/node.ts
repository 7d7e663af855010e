import { setupServer } from 'msw/node'
import { createMockBackend, type MockOptions } from './backend'
import { createHandlers } from './handlers'
import { seed } from './seed'
import { createManualClock } from './lib/clock'

/** Fixed "now" for tests: 2026-11-01T09:00:00Z, so seeded ages and relative times are stable. */
export const TEST_NOW = Date.UTC(2026, 10, 1, 9, 0, 0)

/** A seeded backend with a manual clock, and msw/node intercepting fetch for it. */
export async function createTestBackend(
  options: Partial<MockOptions> = {},
  init: { largeSessionEvents?: number } = {},
) {
  const clock = createManualClock(TEST_NOW)
  const backend = createMockBackend({ clock, options: { latencyMs: 0, ...options } })
  await seed(backend, { largeSessionEvents: init.largeSessionEvents ?? 5000 })
  const server = setupServer(...createHandlers(backend))
  return { backend, clock, server }
}
