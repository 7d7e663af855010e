import { describe, expect, it } from 'vitest'
import { createMockBackend, injectedLatency, rollInjectedError } from './backend'
import { parseFaults } from './faults'

describe('faults from config', () => {
  it('keeps well-formed settings and ignores malformed ones', () => {
    expect(
      parseFaults(
        '{"latencyMs":5,"streamDropEveryMs":1000,"workersOffline":true,"errorRates":[{"path":"/api/x","rate":0.1}]}',
      ),
    ).toEqual({
      latencyMs: 5,
      streamDropEveryMs: 1000,
      workersOffline: true,
      errorRates: [{ path: '/api/x', rate: 0.1 }],
    })
    expect(
      parseFaults('{"latencyMs":"slow","errorRates":[{"path":1,"rate":2}],"killWorkerMidClaim":"yes"}'),
    ).toEqual({
      errorRates: [],
    })
    expect(parseFaults('not json')).toEqual({})
    expect(parseFaults(null)).toEqual({})
  })

  it('rolls error rates and latency from their own random stream, deterministically', () => {
    const make = () =>
      createMockBackend({
        faults: { errorRates: [{ path: '/api/*', rate: 0.3 }], latencyMs: 10, latencyJitterMs: 20 },
      })
    const request = new Request('http://localhost/api/environments')
    const rolls = (backend: ReturnType<typeof make>) =>
      Array.from({ length: 50 }, () => [
        rollInjectedError(backend, request) !== undefined,
        injectedLatency(backend),
      ])
    const [a, b] = [make(), make()]
    expect(rolls(a)).toEqual(rolls(b))
    const failures = rolls(make()).filter(([failed]) => failed).length
    expect(failures).toBeGreaterThan(5)
    expect(failures).toBeLessThan(30)
    // The id stream is untouched by fault rolls.
    const [c, d] = [make(), make()]
    rolls(c)
    expect(c.ids('x')).toBe(d.ids('x'))
    expect(rollInjectedError(c, new Request('http://localhost/__mock/faults'))).toBeUndefined()
  })
})
