import { describe, expect, it } from 'vitest'
import { environmentHealthLabel, environmentTypeLabel } from './environment-labels'

describe('environmentTypeLabel', () => {
  it('names known types and keeps unknown ones as sent', () => {
    expect(environmentTypeLabel('self_hosted')).toBe('self-hosted worker')
    expect(environmentTypeLabel('quantum')).toBe('quantum')
  })
})

describe('environmentHealthLabel', () => {
  const now = 10 * 3600_000
  it('describes worker health and stays silent where it does not apply', () => {
    expect(environmentHealthLabel({ state: 'online', workerIds: ['a', 'b'], lastSeenAt: now }, now)).toEqual({
      text: 'online (2 workers)',
      tone: 'success',
    })
    expect(
      environmentHealthLabel({ state: 'offline', workerIds: ['a'], lastSeenAt: now - 2 * 3600_000 }, now),
    ).toEqual({
      text: 'offline, last seen 2 hours ago',
      tone: 'warning',
    })
    expect(environmentHealthLabel({ state: 'unknown' }, now)?.text).toBe('no worker seen yet')
    expect(environmentHealthLabel({ state: 'managed' }, now)).toBeNull()
    expect(environmentHealthLabel(null, now)).toBeNull()
  })
})
