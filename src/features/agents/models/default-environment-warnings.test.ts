import { describe, expect, it } from 'vitest'
import type { Environment } from './agent-types'
import { defaultEnvironmentWarnings } from './default-environment-warnings'
import type { EnvironmentHealth } from './environment-presence'
import { makeEnvironment } from '@/testing/model-fixtures'

function environment(overrides: Partial<Environment>): Environment {
  return makeEnvironment({ id: 'env_1', name: 'build-workers', createdAt: 1, updatedAt: 1, ...overrides })
}

const kinds = (input: Parameters<typeof defaultEnvironmentWarnings>[0]) =>
  defaultEnvironmentWarnings(input).map((warning) => warning.kind)

describe('defaultEnvironmentWarnings', () => {
  it('has nothing to say without a default or while checking', () => {
    expect(kinds({ environmentId: null, lookup: { status: 'not_found' }, localPolicy: 'unknown' })).toEqual(
      [],
    )
    expect(kinds({ environmentId: 'env_1', lookup: { status: 'loading' }, localPolicy: 'unknown' })).toEqual(
      [],
    )
  })

  it('warns about an archived default and offers to choose another or clear it', () => {
    const [warning] = defaultEnvironmentWarnings({
      environmentId: 'env_1',
      lookup: {
        status: 'found',
        environment: environment({ archivedAt: 5, name: 'old-remote' }),
        health: null,
      },
      localPolicy: 'unknown',
    })
    expect(warning).toMatchObject({ kind: 'archived', tone: 'danger', fixes: ['choose_other', 'clear'] })
    expect(warning?.title).toContain('old-remote')
  })

  it('warns about a deleted or invisible default (404) and an inaccessible one (403)', () => {
    expect(
      kinds({ environmentId: 'env_x', lookup: { status: 'not_found' }, localPolicy: 'unknown' }),
    ).toEqual(['missing'])
    expect(
      kinds({ environmentId: 'env_x', lookup: { status: 'forbidden' }, localPolicy: 'unknown' }),
    ).toEqual(['inaccessible'])
  })

  it('warns about a local default once the deployment is known to disable it, and informs before', () => {
    const lookup = { status: 'found', environment: environment({ type: 'local' }), health: null } as const
    expect(kinds({ environmentId: 'env_1', lookup, localPolicy: 'disabled' })).toEqual(['local_disabled'])
    expect(
      defaultEnvironmentWarnings({ environmentId: 'env_1', lookup, localPolicy: 'unknown' })[0]?.tone,
    ).toBe('info')
    expect(kinds({ environmentId: 'env_1', lookup, localPolicy: 'allowed' })).toEqual([])
  })

  it('warns when no worker of a self-hosted default is online, and says when all of them are busy', () => {
    const found = (health: EnvironmentHealth) =>
      ({ status: 'found', environment: environment({}), health }) as const
    const warn = (health: EnvironmentHealth) =>
      kinds({ environmentId: 'env_1', lookup: found(health), localPolicy: 'unknown' })
    expect(warn({ state: 'offline', lastSeenAt: 1 })).toEqual(['no_worker_online'])
    expect(warn({ state: 'stale', lastSeenAt: 1 })).toEqual(['no_worker_online'])
    expect(warn({ state: 'unknown' })).toEqual(['no_worker_online'])
    expect(warn({ state: 'online', busy: 1, idle: 1 })).toEqual([])
    expect(warn({ state: 'online', busy: 2, idle: 0 })).toEqual(['all_workers_busy'])
  })

  it('says when the default could not be checked', () => {
    expect(
      defaultEnvironmentWarnings({
        environmentId: 'env_1',
        lookup: { status: 'error', message: 'The server failed to answer; try again.' },
        localPolicy: 'unknown',
      })[0],
    ).toMatchObject({ kind: 'lookup_failed', detail: 'The server failed to answer; try again.' })
  })
})
