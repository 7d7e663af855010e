import type { VirtualWorkerSpec } from '../lib/control-types'
import { ENV, WORKERS } from './fixture-ids'
import { seededEnvironmentKey } from './seed-control-plane'

/** The seeded build-workers pair (DESIGN §4: "a worker online"), with the seed's derived key. */
export const DEMO_VIRTUAL_WORKERS: readonly VirtualWorkerSpec[] = [
  {
    workerId: WORKERS.a,
    environmentId: ENV.buildWorkers,
    environmentKey: seededEnvironmentKey(ENV.buildWorkers),
  },
  {
    workerId: WORKERS.b,
    environmentId: ENV.buildWorkers,
    environmentKey: seededEnvironmentKey(ENV.buildWorkers),
  },
]

/** `demo` names the seeded pair; a list is used as given. */
export function virtualWorkerSpecs(
  value: 'demo' | readonly VirtualWorkerSpec[] | undefined,
): readonly VirtualWorkerSpec[] {
  return value === 'demo' ? DEMO_VIRTUAL_WORKERS : (value ?? [])
}
