import { describe, expect, it } from 'vitest'
import { agentStatusBadge } from './agent-status'

describe('agentStatusBadge', () => {
  it('names the catalog statuses, provisioning ones included, and shows an unknown one as sent', () => {
    expect(agentStatusBadge('active')).toEqual({ label: 'active', tone: 'success' })
    expect(agentStatusBadge('provisioning_failed')).toEqual({ label: 'provisioning failed', tone: 'danger' })
    expect(agentStatusBadge('provisioning').tone).toBe('warning')
    expect(agentStatusBadge('paused')).toEqual({ label: 'paused', tone: 'neutral' })
  })
})
