import { describe, expect, it } from 'vitest'
import { maskConfigSecrets } from './mask-config-secrets'

describe('maskConfigSecrets', () => {
  it('hides secret-named values at any depth and keeps everything else', () => {
    const config = {
      templateId: 'python-data',
      apiKey: 'e2b_live_abcdef',
      nested: { clientSecret: 'xyz', list: [{ token: 't' }], count: 3 },
    }
    expect(maskConfigSecrets(config)).toEqual({
      templateId: 'python-data',
      apiKey: '•••• (15 characters hidden)',
      nested: {
        clientSecret: '•••• (3 characters hidden)',
        list: [{ token: '•••• (1 characters hidden)' }],
        count: 3,
      },
    })
    expect(config.apiKey).toBe('e2b_live_abcdef')
  })

  it('leaves counts and names that only contain a secret word in view', () => {
    const config = {
      model: { max_tokens: '4096', tokenizer: 'cl100k', total_tokens: '9000' },
      secretary: 'Ann',
    }
    expect(maskConfigSecrets(config)).toEqual(config)
    expect(maskConfigSecrets('cl100k', 'tokenizer')).toBe('cl100k')
    expect(maskConfigSecrets({ env: { BUILDER_E2B_API_KEY: 'e2b_1' } })).toEqual({
      env: { BUILDER_E2B_API_KEY: '•••• (5 characters hidden)' },
    })
  })
})
