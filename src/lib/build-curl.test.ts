import { describe, expect, it } from 'vitest'
import { buildCurl, doubleQuoteWithVariables, singleQuote } from './build-curl'

describe('buildCurl', () => {
  it('writes method, url, headers with placeholders and the exact body', () => {
    expect(
      buildCurl({
        method: 'PATCH',
        url: 'https://gw.example.com/api/environments/env_1',
        headers: [
          ['Authorization', 'Bearer $TOKEN'],
          ['Content-Type', 'application/json'],
        ],
        body: '{"config":{"a":1}}',
        variables: ['TOKEN'],
      }),
    ).toBe(
      [
        `curl -X PATCH 'https://gw.example.com/api/environments/env_1' \\`,
        `  -H "Authorization: Bearer $TOKEN" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  --data-raw '{"config":{"a":1}}'`,
      ].join('\n'),
    )
  })

  it('omits -X for GET', () => {
    expect(buildCurl({ method: 'GET', url: 'http://x/api' })).toBe(`curl 'http://x/api'`)
  })

  it('keeps hostile values literal', () => {
    expect(singleQuote(`it's $(rm -rf /)`)).toBe(`'it'\\''s $(rm -rf /)'`)
    expect(doubleQuoteWithVariables('X: $HOME `id` "q" \\ $TOKEN', ['TOKEN'])).toBe(
      '"X: \\$HOME \\`id\\` \\"q\\" \\\\ $TOKEN"',
    )
  })
})
