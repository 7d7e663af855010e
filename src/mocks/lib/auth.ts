import type { MockDb, Role, UserRecord } from '../db/types'

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
}

/** FNV-1a: a stand-in signature. The mock only needs tokens it can tell apart from forged ones. */
function signature(payload: string): string {
  let hash = 0x811c9dc5
  const text = `mock-jwt-secret:${payload}`
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return base64Url(hash.toString(16))
}

const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000

/** A JWT-shaped token (three base64url parts; payload has sub, username, roles), as upstream issues. */
let tokenCounter = 0

export function mintToken(user: UserRecord, nowMs: number): string {
  // A unique id per token, so two sign-ins in the same second get tokens that revoke separately.
  tokenCounter += 1
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64Url(
    JSON.stringify({
      sub: user.userId,
      username: user.username,
      roles: user.roles,
      iat: Math.floor(nowMs / 1000),
      exp: Math.floor((nowMs + TOKEN_LIFETIME_MS) / 1000),
      jti: `${nowMs.toString(36)}.${tokenCounter.toString(36)}`,
    }),
  )
  return `${header}.${payload}.${signature(`${header}.${payload}`)}`
}

/**
 * What a sign-out remembers instead of the token itself, so the demo's saved state (IndexedDB)
 * never holds a bearer credential, not even a revoked one. Two FNV-1a lanes make collisions moot.
 */
export function tokenFingerprint(token: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < token.length; i += 1) {
    const code = token.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193) >>> 0
    b = Math.imul(b ^ code, 0x2127599b) >>> 0
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`
}

export function verifyToken(db: MockDb, token: string, nowMs: number): UserRecord | null {
  if (db.revokedTokens.has(tokenFingerprint(token))) return null
  const [header, payload, sig] = token.split('.')
  if (!header || !payload || !sig || signature(`${header}.${payload}`) !== sig) return null
  try {
    const claims = JSON.parse(fromBase64Url(payload)) as { sub?: unknown; exp?: unknown }
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs) return null
    for (const user of db.users.values()) if (user.userId === claims.sub) return user
  } catch {
    return null
  }
  return null
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization')
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null
  return match?.[1]?.trim() ?? null
}

export function canWrite(roles: readonly Role[]): boolean {
  return roles.includes('admin') || roles.includes('developer')
}

export function isAdmin(roles: readonly Role[]): boolean {
  return roles.includes('admin')
}
