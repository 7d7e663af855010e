import { describe, expect, it } from 'vitest'
import { environmentHealthLabel } from './environment-labels'

describe('environmentHealthLabel', () => {
  const now = 10 * 3600_000
  it('describes worker health and stays silent where it does not apply', () => {
    expect(environmentHealthLabel({ state: 'online', busy: 0, idle: 2 }, now)).toEqual({
      text: 'online (2 workers)',
      tone: 'success',
    })
    expect(environmentHealthLabel({ state: 'online', busy: 1, idle: 1 }, now)?.text).toBe(
      'online (2 workers, 1 busy)',
    )
    expect(environmentHealthLabel({ state: 'online', busy: 2, idle: 0 }, now)).toEqual({
      text: 'busy (2 workers, none idle)',
      tone: 'info',
    })
    expect(environmentHealthLabel({ state: 'stale', lastSeenAt: now - 120_000 }, now)).toEqual({
      text: 'stale, last seen 2 minutes ago',
      tone: 'warning',
    })
    expect(environmentHealthLabel({ state: 'offline', lastSeenAt: now - 2 * 3600_000 }, now)).toEqual({
      text: 'offline, last seen 2 hours ago',
      tone: 'warning',
    })
    expect(environmentHealthLabel({ state: 'unknown' }, now)?.text).toBe('no worker seen yet')
    expect(environmentHealthLabel({ state: 'managed' }, now)).toBeNull()
    expect(environmentHealthLabel(null, now)).toBeNull()
  })
})
