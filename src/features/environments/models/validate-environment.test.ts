import { describe, expect, it } from 'vitest'
import { hasErrors, validateEnvironment } from './validate-environment'

describe('validateEnvironment', () => {
  it('accepts a full sandbox config and an empty self-hosted one', () => {
    expect(
      validateEnvironment({
        name: 'e2b',
        type: 'sandbox',
        config: {
          templateId: 'base',
          workspaceRoot: '/home/user',
          sandboxTimeoutSeconds: 300,
          persistenceMode: 'TAR',
          apiBaseUrl: 'https://api.e2b.example.com',
          domain: 'e2b.example.com',
          apiKey: 'secret',
          memoryAccess: { mem_1: 'read_only' },
          runnerLabels: { anything: true },
        },
      }),
    ).toEqual({})
    expect(validateEnvironment({ name: 'w', type: 'self_hosted', config: {} })).toEqual({})
  })

  it('explains each bad field', () => {
    const errors = validateEnvironment({
      name: '  ',
      type: 'docker',
      config: {
        workspaceRoot: 'home',
        sandboxTimeoutSeconds: '2m',
        apiBaseUrl: 'e2b.example.com',
        domain: 'https://e2b.example.com',
        templateId: 5,
        memoryAccess: { mem_1: 'write' },
      },
    })
    expect(errors).toEqual({
      name: 'Enter a name.',
      type: 'Choose a type.',
      'config.templateId': 'templateId must be text; fix it in Advanced JSON.',
      'config.workspaceRoot': 'Use an absolute path, such as /home/user.',
      'config.domain': 'Enter a bare domain such as e2b.example.com, without https:// or a path.',
      'config.apiBaseUrl': 'Enter a full URL starting with https:// or http://.',
      'config.sandboxTimeoutSeconds': 'Enter a whole number of seconds greater than 0, such as 300.',
      'config.memoryAccess': 'Each store needs read_only or read_write; the server refuses any other value.',
    })
    expect(hasErrors(errors)).toBe(true)
  })

  it('flags stray spaces and rows without a store', () => {
    const errors = validateEnvironment({
      name: 'x',
      type: 'remote',
      config: { isolationScope: 'USER ', memoryAccess: { '': 'read_only' } },
    })
    expect(errors['config.isolationScope']).toBe('Remove the spaces at the start or end.')
    expect(errors['config.memoryAccess']).toBe('Choose a memory store for every row.')
  })
})
