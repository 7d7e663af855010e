import { describe, expect, it } from 'vitest'
import { definitionPatchCurl } from './definition-patch-curl'

describe('definitionPatchCurl', () => {
  it('targets the configured base URL with a $TOKEN placeholder, the scope headers and the exact body', () => {
    const body = {
      version: 3,
      name: 'release-helper',
      system: "Don't push $TAGS",
      defaultEnvironmentId: null,
    }
    const command = definitionPatchCurl({
      baseUrl: 'https://gw.example.com/',
      agentId: 'agt_1',
      body,
      scope: { tenant: 'acme', namespace: 'default' },
    })
    const lines = command.split(' \\\n  ')
    expect(lines.slice(0, 5)).toEqual([
      "curl -X PATCH 'https://gw.example.com/api/v1/agents/agt_1/definition'",
      '-H "Authorization: Bearer $TOKEN"',
      '-H "X-AgentScope-Tenant: acme"',
      '-H "X-AgentScope-Namespace: default"',
      '-H "Content-Type: application/json"',
    ])
    expect(lines[5]).toBe(`--data-raw '${JSON.stringify(body, null, 2).replace(/'/g, `'\\''`)}'`)
    expect(command).not.toMatch(/eyJ/)
  })

  it('leaves out scope headers the console does not have', () => {
    const command = definitionPatchCurl({
      baseUrl: 'http://localhost',
      agentId: 'agt_1',
      body: { version: 1, name: 'a' },
      scope: { tenant: null, namespace: null },
    })
    expect(command).not.toContain('X-AgentScope')
  })
})
