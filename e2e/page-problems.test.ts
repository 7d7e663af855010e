import { describe, expect, it } from 'vitest'
import {
  isAssetFailure,
  isExpectedLoadFailure,
  isMockServiceWorker,
  isServiceWorkerUpdateRace,
} from './page-problems'

const origin = 'http://127.0.0.1:4317'

describe('e2e page problems', () => {
  it('fails on an error answer for any of the console’s own files, not for its API', () => {
    expect(isAssetFailure(`${origin}/assets/environments-route-C0ffee12.js`, 404, origin)).toBe(true)
    expect(isAssetFailure(`${origin}/console-config.json`, 404, origin)).toBe(true)
    expect(isAssetFailure(`${origin}/console-config.json`, 500, origin)).toBe(true)
    expect(isAssetFailure(`${origin}/environments/env_1`, 404, origin)).toBe(true)
    expect(isAssetFailure(`${origin}/mockServiceWorker.js`, 404, origin)).toBe(true)
    expect(isAssetFailure(`${origin}/assets/index-C0ffee12.js`, 200, origin)).toBe(false)
    expect(isAssetFailure(`${origin}/assets/index-C0ffee12.js`, 304, origin)).toBe(false)
    expect(isAssetFailure(`${origin}/api/environments/env_x`, 404, origin)).toBe(false)
    expect(isAssetFailure(`${origin}/__mock/faults`, 500, origin)).toBe(false)
    expect(isAssetFailure('http://127.0.0.1:4318/assets/x.js', 404, origin)).toBe(false)
  })

  it('lets "Failed to load resource" pass only for API calls and other origins', () => {
    const line = 'Failed to load resource: the server responded with a status of 404 (Not Found)'
    expect(isExpectedLoadFailure(line, `${origin}/api/v1/agents/agt_x`, origin)).toBe(true)
    expect(isExpectedLoadFailure(line, 'http://127.0.0.1:4318/api/auth/me', origin)).toBe(true)
    expect(isExpectedLoadFailure(line, `${origin}/assets/sessions-route-C0ffee12.js`, origin)).toBe(false)
    expect(isExpectedLoadFailure(line, `${origin}/console-config.json`, origin)).toBe(false)
    expect(isExpectedLoadFailure(line, '', origin)).toBe(false)
    expect(isExpectedLoadFailure('Uncaught TypeError: x is undefined', `${origin}/api/x`, origin)).toBe(false)
  })

  it('recognises only the racing update of the demo’s worker on the console’s origin', () => {
    const message = `Failed to update a ServiceWorker for scope ('${origin}/') with script ('${origin}/mockServiceWorker.js'): Not found`
    expect(isServiceWorkerUpdateRace({ name: 'TypeError', message }, origin)).toBe(true)
    expect(isServiceWorkerUpdateRace({ name: 'NotFoundError', message }, origin)).toBe(true)
    expect(isServiceWorkerUpdateRace({ name: 'Error', message }, origin)).toBe(false)
    // Another worker script, another origin, or another failure of the same update: real problems.
    expect(
      isServiceWorkerUpdateRace(
        { name: 'TypeError', message: message.replace('mockServiceWorker', 'sw') },
        origin,
      ),
    ).toBe(false)
    expect(isServiceWorkerUpdateRace({ name: 'TypeError', message }, 'http://127.0.0.1:4000')).toBe(false)
    expect(
      isServiceWorkerUpdateRace(
        {
          name: 'TypeError',
          message: message.replace('Not found', 'An unknown error occurred when fetching the script.'),
        },
        origin,
      ),
    ).toBe(false)
  })

  it('knows the demo’s worker by its script URL on the console’s origin', () => {
    expect(isMockServiceWorker(`${origin}/mockServiceWorker.js`, origin)).toBe(true)
    expect(isMockServiceWorker(null, origin)).toBe(false)
    expect(isMockServiceWorker('http://127.0.0.1:9999/mockServiceWorker.js', origin)).toBe(false)
    expect(isMockServiceWorker(`${origin}/sw.js`, origin)).toBe(false)
  })
})
