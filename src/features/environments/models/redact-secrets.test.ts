import { describe, expect, it } from 'vitest'
import { redactSecrets, restoreSecrets, SECRET_PLACEHOLDER } from './redact-secrets'

const config = {
  templateId: 'base',
  apiKey: 'e2b_live_secret',
  nested: { clientSecret: 'xyz', list: [{ token: 't' }] },
}

describe('redactSecrets / restoreSecrets', () => {
  it('hides secret-named values at any depth, keeping order and other values', () => {
    const redacted = redactSecrets(config)
    expect(redacted).toEqual({
      templateId: 'base',
      apiKey: SECRET_PLACEHOLDER,
      nested: { clientSecret: SECRET_PLACEHOLDER, list: [{ token: SECRET_PLACEHOLDER }] },
    })
    expect(JSON.stringify(redacted)).not.toContain('e2b_live_secret')
  })

  it('restores untouched placeholders from the source and keeps edits', () => {
    const edited = { ...(redactSecrets(config) as Record<string, unknown>), templateId: 'py' }
    expect(restoreSecrets(edited, config)).toEqual({ ...config, templateId: 'py' })
    const replaced = { apiKey: 'new-key' }
    expect(restoreSecrets(replaced, config)).toEqual({ apiKey: 'new-key' })
  })

  it('keeps fields that only contain a secret word in the editor text and in drafts', () => {
    const model = { max_tokens: '4096', tokenizer: 'cl100k', authToken: 'tok' }
    expect(redactSecrets(model)).toEqual({
      max_tokens: '4096',
      tokenizer: 'cl100k',
      authToken: SECRET_PLACEHOLDER,
    })
  })

  it('drops a placeholder that has nothing to restore', () => {
    expect(restoreSecrets({ apiKey: SECRET_PLACEHOLDER, a: 1 }, {})).toEqual({ a: 1 })
  })
})
