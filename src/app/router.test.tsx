import { describe, expect, it } from 'vitest'
import { SCREEN_ROUTES, screenForPath } from './router'

/** An address on a route: each `:param` filled with a sample id. */
const addressOf = (path: string) => `/${path.replace(/:[A-Za-z]+/g, 'id_1')}`

// Start-up preloads the screen this function names, so it must agree with the routes.
describe('screenForPath', () => {
  it('has the screens to check', () => {
    expect(SCREEN_ROUTES.map((route) => route.screen)).toEqual([
      'environments',
      'environmentDetail',
      'environmentEdit',
      'agents',
      'agentDetail',
      'sessions',
      'sessionDetail',
      'offlineViewer',
      'subagentDetail',
      'server',
    ])
  })

  it.each(SCREEN_ROUTES)('names $screen for a signed-in address on $path', ({ path, screen }) => {
    expect(screenForPath(addressOf(path), true)).toBe(screen)
    expect(screenForPath(`${addressOf(path)}/`, true)).toBe(screen)
  })

  it('names the page `/` redirects to, and the not-found page off the routes', () => {
    expect(screenForPath('/', true)).toBe('environments')
    expect(screenForPath('/environments/', true)).toBe('environments')
    expect(screenForPath('/environments/env_1', true)).toBe('environmentDetail')
    expect(screenForPath('/nowhere', true)).toBe('notFound')
    expect(screenForPath('/environments/env_1/other', true)).toBe('notFound')
    expect(screenForPath('/sessions/sess_1/edit', true)).toBe('notFound')
  })

  it('matches letters in any case, as the router does', () => {
    expect(screenForPath('/Agents', true)).toBe('agents')
    expect(screenForPath('/Sessions/sess_1', true)).toBe('sessionDetail')
  })

  it('names the sign-in page for a signed-out visitor, wherever they land', () => {
    expect(screenForPath('/environments', false)).toBe('login')
    expect(screenForPath('/login', true)).toBe('login')
  })
})
