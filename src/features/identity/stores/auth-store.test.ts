// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { useAuthStore } from './auth-store'

const alice = { token: 'a.b.c', user: { userId: 'usr_alice', username: 'alice', roles: ['developer'] } }
const bob = { token: 'd.e.f', user: { userId: 'usr_bob', username: 'bob', roles: ['viewer'] } }

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  useAuthStore.setState({ token: null, user: null, signOutReason: null })
})

describe('auth store', () => {
  it('keeps the token in sessionStorage unless "remember me" is chosen', () => {
    useAuthStore.getState().signIn(alice, { remember: false })
    expect(sessionStorage.getItem('asc.auth')).toContain('a.b.c')
    expect(localStorage.getItem('asc.auth')).toBeNull()
    useAuthStore.getState().signIn(alice, { remember: true })
    expect(localStorage.getItem('asc.auth')).toContain('a.b.c')
    expect(sessionStorage.getItem('asc.auth')).toBeNull()
  })

  it('signing out on purpose forgets the token and the user’s drafts', () => {
    useAuthStore.getState().signIn(alice, { remember: true })
    sessionStorage.setItem('asc.environment-config-draft.env_1', '{"config":{}}')
    useAuthStore.getState().signOut()
    expect(localStorage.getItem('asc.auth')).toBeNull()
    expect(sessionStorage.getItem('asc.environment-config-draft.env_1')).toBeNull()
  })

  it('an expired session keeps the drafts for the same user, not for someone else', () => {
    useAuthStore.getState().signIn(alice, { remember: false })
    sessionStorage.setItem('asc.agent-defaults-draft.agt_1', '{"defaultEnvironmentId":"env_2"}')
    useAuthStore.getState().signOut('expired')
    expect(useAuthStore.getState().signOutReason).toBe('expired')
    expect(sessionStorage.getItem('asc.agent-defaults-draft.agt_1')).not.toBeNull()

    useAuthStore.getState().signIn(alice, { remember: false })
    expect(sessionStorage.getItem('asc.agent-defaults-draft.agt_1')).not.toBeNull()

    useAuthStore.getState().signOut('expired')
    useAuthStore.getState().signIn(bob, { remember: false })
    expect(sessionStorage.getItem('asc.agent-defaults-draft.agt_1')).toBeNull()
  })
})
