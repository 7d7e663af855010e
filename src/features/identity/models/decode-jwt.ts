export type JwtClaims = {
  sub?: string
  username?: string
  roles?: string[]
  /** Expiry in seconds since the epoch, as JWTs spell it. */
  exp?: number
}

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/**
 * Reads a JWT's claims for display and expiry checks only. The console never trusts them for
 * authorisation: the server decides, and 401/403 answers are what count.
 */
export function decodeJwt(token: string): JwtClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]))
    if (typeof payload !== 'object' || payload === null) return null
    const record = payload as Record<string, unknown>
    return {
      ...(typeof record.sub === 'string' ? { sub: record.sub } : {}),
      ...(typeof record.username === 'string' ? { username: record.username } : {}),
      ...(Array.isArray(record.roles)
        ? { roles: record.roles.filter((r): r is string => typeof r === 'string') }
        : {}),
      ...(typeof record.exp === 'number' ? { exp: record.exp } : {}),
    }
  } catch {
    return null
  }
}

export function isJwtExpired(claims: JwtClaims | null, nowMs: number): boolean {
  return claims?.exp !== undefined && claims.exp * 1000 <= nowMs
}
