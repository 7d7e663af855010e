import { describe, expect, it } from 'vitest'
import { diffConfig } from './config-diff'

describe('diffConfig', () => {
  it('lists added, removed and changed keys, descending into objects', () => {
    expect(
      diffConfig(
        { templateId: 'a', packages: ['jq'], network: { egress: 'open', hosts: 1 }, keep: true },
        { templateId: 'b', network: { egress: 'allowlist', hosts: 1 }, keep: true, apiKey: 'k' },
      ),
    ).toEqual([
      { path: 'templateId', key: 'templateId', change: 'changed', before: 'a', after: 'b' },
      { path: 'packages', key: 'packages', change: 'removed', before: ['jq'] },
      { path: 'network.egress', key: 'egress', change: 'changed', before: 'open', after: 'allowlist' },
      { path: 'apiKey', key: 'apiKey', change: 'added', after: 'k' },
    ])
  })

  it('finds nothing when only unchanged values are present', () => {
    expect(diffConfig({ a: [1, 2], b: { c: null } }, { a: [1, 2], b: { c: null } })).toEqual([])
  })
})
