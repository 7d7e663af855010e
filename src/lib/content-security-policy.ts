/**
 * The Content-Security-Policy the console is served with. No inline script and no eval; API calls
 * only to the console's own origin and the configured Gateway. The mock's service worker is a
 * same-origin script. Styles allow inline attributes because Radix and the virtualiser position
 * elements with `style=`; no user data ever becomes CSS.
 */
export function contentSecurityPolicy(
  apiBaseUrl: string,
  extraConnectOrigins: readonly string[] = [],
): string {
  const origins = [apiBaseUrl, ...extraConnectOrigins].flatMap((url) => {
    try {
      return url ? [new URL(url).origin] : []
    } catch {
      // An unparsable URL gets no allowance: calls to it will be blocked and visible.
      return []
    }
  })
  const connect = ["'self'", ...new Set(origins)].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}
