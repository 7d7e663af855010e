import { describe, expect, it } from 'vitest'
import { decodeJwt, isJwtExpired } from './decode-jwt'

function encode(value: unknown) {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

describe('decodeJwt', () => {
  it('reads subject, username, roles and expiry', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ sub: 'u_1', username: '李雷', roles: ['admin', 3], exp: 10 })}.sig`
    expect(decodeJwt(token)).toEqual({ sub: 'u_1', username: '李雷', roles: ['admin'], exp: 10 })
  })

  it('returns null for tokens that are not three parts or not JSON', () => {
    expect(decodeJwt('abc')).toBeNull()
    expect(decodeJwt('a.%%%.c')).toBeNull()
    expect(decodeJwt(`a.${encode('text')}.c`)).toBeNull()
  })

  it('treats a token as expired only when exp has passed', () => {
    expect(isJwtExpired({ exp: 10 }, 9_999)).toBe(false)
    expect(isJwtExpired({ exp: 10 }, 10_000)).toBe(true)
    expect(isJwtExpired({}, Number.MAX_SAFE_INTEGER)).toBe(false)
  })
})
