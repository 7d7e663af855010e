import { describe, expect, it } from 'vitest'
import { isSecretKey, replaceSecrets, secretKeyNames } from './secrets'

describe('isSecretKey', () => {
  // The names operators use, and ones that only contain a secret word.
  const secrets = `apiKey BUILDER_E2B_API_KEY password clientSecret authToken bearer accessToken refresh_token X-Auth-Token Authorization privateKey AWS_SECRET_ACCESS_KEY secret_key OpenAIApiKey apikey credentials DB_PASSWORD ENVIRONMENT_KEY environmentKey`
  it.each(secrets.split(/\s+/))('%s names a secret', (name) => {
    expect(isSecretKey(name)).toBe(true)
  })

  const plain = `max_tokens tokenizer total_tokens input_tokens secretary keyboard key token_count secretName AWS_ACCESS_KEY_ID PWD templateId`
  it.each([...plain.split(/\s+/), ''])('%s does not', (name) => {
    expect(isSecretKey(name)).toBe(false)
  })
})

describe('replaceSecrets', () => {
  const value = {
    model: { max_tokens: '4096', tokenizer: 'cl100k', apiKey: 'sk-live' },
    env: { BUILDER_E2B_API_KEY: 'e2b_1', secretary: 'Ann' },
    list: ['plain', { bearer: 'abc' }],
    empty: { password: '' },
    count: 3,
  }

  it('replaces non-empty strings under secret-named keys at any depth, with the key given', () => {
    expect(replaceSecrets(value, (secret, key) => `<${key}:${secret.length}>`)).toEqual({
      model: { max_tokens: '4096', tokenizer: 'cl100k', apiKey: '<apiKey:7>' },
      env: { BUILDER_E2B_API_KEY: '<BUILDER_E2B_API_KEY:5>', secretary: 'Ann' },
      list: ['plain', { bearer: '<bearer:3>' }],
      empty: { password: '' },
      count: 3,
    })
    expect(value.model.apiKey).toBe('sk-live')
  })

  it('passes other strings through `text`, and reads a lone value under the key it is given', () => {
    const upper = replaceSecrets(value.env, () => '*', { text: (text) => text.toUpperCase() })
    expect(upper).toEqual({ BUILDER_E2B_API_KEY: '*', secretary: 'ANN' })
    expect(replaceSecrets('e2b_1', () => '*', { key: 'apiKey' })).toBe('*')
    expect(replaceSecrets('4096', () => '*', { key: 'max_tokens' })).toBe('4096')
  })

  it('lists the secret-named keys that hold a value', () => {
    expect(secretKeyNames(value)).toEqual(['apiKey', 'BUILDER_E2B_API_KEY', 'bearer'])
  })
})
