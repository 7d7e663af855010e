import { describe, expect, it } from 'vitest'
import { configWarnings } from './config-warnings'

describe('configWarnings', () => {
  it('warns about unenforced keys, sandbox keys elsewhere, and unknown keys', () => {
    const warnings = configWarnings(
      {
        isolationScope: 'SESSION',
        packages: ['jq'],
        network: { egress: 'allowlist' },
        exposedPorts: [8080],
        templateId: 'base',
        runnerLabels: { region: 'eu' },
      },
      'self_hosted',
    )
    expect(warnings.map((warning) => warning.id)).toEqual(['unenforced', 'sandbox-only', 'unknown'])
    expect(warnings[0]?.message).toContain(
      '“packages”, “network”, “exposedPorts” are stored but not enforced',
    )
    expect(warnings[1]?.message).toContain('a self_hosted environment ignores them')
    expect(warnings[2]?.message).toContain('“runnerLabels” is a key the console does not know')
  })

  it('says read_write memory access does not enable writes, and flags odd enum values', () => {
    const ids = configWarnings(
      { memoryAccess: { mem: 'read_write' }, persistenceMode: 'ZIP', isolationScope: 'TEAM' },
      'sandbox',
    ).map((warning) => warning.id)
    expect(ids).toEqual(['persistence', 'isolation', 'memory-read-write'])
  })

  it('is quiet for a plain config', () => {
    expect(configWarnings({ isolationScope: 'SESSION' }, 'remote')).toEqual([])
  })
})
