import { describe, expect, it } from 'vitest'
import { environmentCurl, secretVariables } from './environment-curl'

const context = { baseUrl: 'https://gw.example.com/', scope: { tenant: 'acme', namespace: 'default' } }

describe('environmentCurl', () => {
  it('builds create with the token placeholder, scope headers and the exact body', () => {
    const curl = environmentCurl(
      { action: 'create', body: { name: "it's", type: 'self_hosted', config: {} } },
      context,
    )
    expect(curl).toBe(
      [
        `curl -X POST 'https://gw.example.com/api/environments' \\`,
        `  -H "Authorization: Bearer $TOKEN" \\`,
        `  -H "X-AgentScope-Tenant: acme" \\`,
        `  -H "X-AgentScope-Namespace: default" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  --data-raw '{"name":"it'\\''s","type":"self_hosted","config":{}}'`,
      ].join('\n'),
    )
  })

  it('never copies a secret from the body: it becomes a shell variable', () => {
    const body = { config: { templateId: 'base', apiKey: 'e2b_live_secret' } }
    const curl = environmentCurl({ action: 'edit', environmentId: 'env_1', body }, context)
    expect(curl).not.toContain('e2b_live_secret')
    expect(curl).toContain(`--data-raw '{"config":{"templateId":"base","apiKey":"'"$E2B_API_KEY"'"}}'`)
    expect(secretVariables(body)).toEqual(['E2B_API_KEY'])
  })

  it('copies fields that only look like secret words as they are', () => {
    const body = { config: { tokenizer: 'cl100k', clientSecret: 'xyz' } }
    const curl = environmentCurl({ action: 'edit', environmentId: 'env_1', body }, context)
    expect(curl).toContain(`{"config":{"tokenizer":"cl100k","clientSecret":"'"$CLIENT_SECRET"'"}}`)
    expect(secretVariables(body)).toEqual(['CLIENT_SECRET'])
  })

  it('builds edit, rotate, archive and delete against the environment', () => {
    const noScope = { ...context, scope: { tenant: null, namespace: null } }
    expect(
      environmentCurl({ action: 'edit', environmentId: 'env_1', body: { config: {} } }, noScope),
    ).toMatch(/^curl -X PATCH 'https:\/\/gw.example.com\/api\/environments\/env_1'/)
    expect(environmentCurl({ action: 'rotate', environmentId: 'env_1' }, noScope)).toBe(
      `curl -X POST 'https://gw.example.com/api/environments/env_1/rotate-key' \\\n  -H "Authorization: Bearer $TOKEN"`,
    )
    expect(environmentCurl({ action: 'archive', environmentId: 'env_1' }, noScope)).toContain(
      '/env_1/archive',
    )
    expect(environmentCurl({ action: 'delete', environmentId: 'env_1' }, noScope)).toMatch(/^curl -X DELETE/)
  })
})
