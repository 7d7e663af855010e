import type { AgentDefinitionUpdate } from './agent-types'
import { buildCurl } from '@/lib/build-curl'

export type ScopeHeaders = { tenant: string | null; namespace: string | null }

/** The exact PATCH the Save button would send, as curl with a `$TOKEN` placeholder. */
export function definitionPatchCurl(input: {
  baseUrl: string
  agentId: string
  body: AgentDefinitionUpdate
  scope: ScopeHeaders
}): string {
  const headers: [string, string][] = [['Authorization', 'Bearer $TOKEN']]
  if (input.scope.tenant) headers.push(['X-AgentScope-Tenant', input.scope.tenant])
  if (input.scope.namespace) headers.push(['X-AgentScope-Namespace', input.scope.namespace])
  headers.push(['Content-Type', 'application/json'])
  return buildCurl({
    method: 'PATCH',
    url: `${input.baseUrl.replace(/\/+$/, '')}/api/v1/agents/${encodeURIComponent(input.agentId)}/definition`,
    headers,
    body: JSON.stringify(input.body, null, 2),
    variables: ['TOKEN'],
  })
}
