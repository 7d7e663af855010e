import { describe, expect, it } from 'vitest'
import { screenForPath } from './router'

// Start-up preloads the screen this function names, so it must agree with the routes.
describe('screenForPath', () => {
  it('names the screen each signed-in address shows', () => {
    expect(screenForPath('/', true)).toBe('environments')
    expect(screenForPath('/environments', true)).toBe('environments')
    expect(screenForPath('/environments/', true)).toBe('environments')
    expect(screenForPath('/environments/env_1', true)).toBe('environmentDetail')
    expect(screenForPath('/environments/env_1/edit', true)).toBe('environmentEdit')
    expect(screenForPath('/agents', true)).toBe('agents')
    expect(screenForPath('/agents/agent_1', true)).toBe('agentDetail')
    expect(screenForPath('/sessions', true)).toBe('sessions')
    expect(screenForPath('/sessions/sess_1', true)).toBe('sessionDetail')
    expect(screenForPath('/nowhere', true)).toBe('notFound')
    expect(screenForPath('/environments/env_1/other', true)).toBe('notFound')
  })

  it('names the sign-in page for a signed-out visitor, wherever they land', () => {
    expect(screenForPath('/environments', false)).toBe('login')
    expect(screenForPath('/login', true)).toBe('login')
  })
})
