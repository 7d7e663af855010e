import { describe, expect, it } from 'vitest'
import { parseWorkerArgs } from './args'

const required = [
  '--base-url',
  'http://127.0.0.1:8787/',
  '--environment-id',
  'env_1',
  '--worker-id',
  'w1',
  '--hands-root',
  '/tmp/hands',
]
const withKey = { ENVIRONMENT_KEY: 'ek_1' }

describe('worker flags', () => {
  it('reads the upstream flags with upstream defaults, and the key from ENVIRONMENT_KEY', () => {
    expect(parseWorkerArgs(required, withKey)).toMatchObject({
      baseUrl: 'http://127.0.0.1:8787',
      environmentId: 'env_1',
      environmentKey: 'ek_1',
      workerId: 'w1',
      handsRoot: '/tmp/hands',
      heartbeatMs: 15_000,
      toolPollMs: 1_000,
      idleRounds: 120,
    })
  })

  it('falls back to the documented environment variables and takes --flag=value', () => {
    const config = parseWorkerArgs(['--heartbeat-ms=500'], {
      BASE_URL: 'http://gw',
      ENVIRONMENT_ID: 'env_2',
      ENVIRONMENT_KEY: 'ek_2',
      WORKER_ID: 'w2',
      HANDS_ROOT: '/h',
    })
    expect(config).toMatchObject({
      baseUrl: 'http://gw',
      environmentId: 'env_2',
      environmentKey: 'ek_2',
      heartbeatMs: 500,
    })
  })

  it('never takes the key from the command line', () => {
    const refused = parseWorkerArgs([...required, '--environment-key', 'ek_visible'], withKey)
    expect(refused).toMatch(/--environment-key is not accepted/)
    expect(refused).not.toContain('ek_visible')
    expect(parseWorkerArgs(required, {})).toBe(
      'ENVIRONMENT_KEY is required (the environment key, from the environment only)',
    )
  })

  it('explains what is wrong', () => {
    expect(parseWorkerArgs([], withKey)).toBe('--base-url (or BASE_URL) is required')
    expect(parseWorkerArgs([...required, '--heartbeat-ms', 'soon'], withKey)).toBe(
      '--heartbeat-ms must be a non-negative integer',
    )
    expect(parseWorkerArgs([...required, '--bogus', '1'], withKey)).toBe('unknown flag --bogus')
    expect(parseWorkerArgs([...required, '--worker-id'], withKey)).toBe('--worker-id needs a value')
  })
})
