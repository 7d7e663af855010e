import { buildCurl, type CurlMethod } from '@/lib/build-curl'
import { replaceSecrets, secretKeyNames } from '@/lib/secrets'

export type CurlScope = { tenant: string | null; namespace: string | null }

export type EnvironmentCurlAction =
  | { action: 'create'; body: unknown }
  | { action: 'edit'; environmentId: string; body: unknown }
  | { action: 'rotate' | 'archive' | 'delete'; environmentId: string }

/**
 * The request the console is about to send, as curl. Credentials are never filled in: the user
 * token is `$TOKEN`, and a secret inside the body (the sandbox `apiKey`) becomes a shell variable
 * such as `$E2B_API_KEY`, so copying the command never copies a secret.
 */
export function environmentCurl(
  request: EnvironmentCurlAction,
  context: { baseUrl: string; scope: CurlScope },
): string {
  const base = `${context.baseUrl.replace(/\/+$/, '')}/api/environments`
  const path = (id: string) => `${base}/${encodeURIComponent(id)}`
  const spec: { method: CurlMethod; url: string; body?: unknown } =
    request.action === 'create'
      ? { method: 'POST', url: base, body: request.body }
      : request.action === 'edit'
        ? { method: 'PATCH', url: path(request.environmentId), body: request.body }
        : request.action === 'rotate'
          ? { method: 'POST', url: `${path(request.environmentId)}/rotate-key` }
          : request.action === 'archive'
            ? { method: 'POST', url: `${path(request.environmentId)}/archive` }
            : { method: 'DELETE', url: path(request.environmentId) }
  const headers: [string, string][] = [['Authorization', 'Bearer $TOKEN']]
  if (context.scope.tenant) headers.push(['X-AgentScope-Tenant', context.scope.tenant])
  if (context.scope.namespace) headers.push(['X-AgentScope-Namespace', context.scope.namespace])
  if (spec.body !== undefined) headers.push(['Content-Type', 'application/json'])
  const curl = buildCurl({
    method: spec.method,
    url: spec.url,
    headers,
    variables: ['TOKEN'],
    ...(spec.body === undefined ? {} : { body: JSON.stringify(withSecretMarkers(spec.body)) }),
  })
  // The body is single-quoted; close the quote around each variable so the shell expands it.
  return curl.replace(/@@ASC_SECRET_([A-Z0-9_]+)@@/g, `'"$$$1"'`)
}

/** The shell variable a secret-named key becomes: apiKey → E2B_API_KEY, clientSecret → CLIENT_SECRET. */
function secretVariableName(key: string): string {
  if (key === 'apiKey') return 'E2B_API_KEY'
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()
}

/** Names of the secret variables a body needs, for telling the user what to set. */
export function secretVariables(body: unknown): string[] {
  return [...new Set(secretKeyNames(body).map(secretVariableName))]
}

function withSecretMarkers(value: unknown): unknown {
  return replaceSecrets(value, (_secret, key) => `@@ASC_SECRET_${secretVariableName(key)}@@`)
}
