import { describe, expect, it } from 'vitest'
import { MASK, maskSecrets, maskSecretsInText } from './mask-secrets'

describe('maskSecretsInText', () => {
  it.each([
    ['environment key', 'export KEY=ek_live_9f8e7d6c5b4a3210', `export KEY=ek_${MASK}`],
    ['bearer token', 'Authorization: Bearer abc.def-ghi_jkl==', `Authorization: Bearer ${MASK}`],
    ['sk- key', 'OPENAI_API_KEY=sk-proj-AbCdEf0123456789xyz', `OPENAI_API_KEY=sk-${MASK}`],
    ['AWS access key', 'id AKIAIOSFODNN7EXAMPLE here', `id AKIA${MASK} here`],
    [
      'AWS secret key',
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      `aws_secret_access_key = ${MASK}`,
    ],
  ])('masks an %s and keeps its prefix', (_name, input, expected) => {
    const masked = maskSecretsInText(input)
    expect(masked.value).toBe(expected)
    expect(masked.count).toBe(1)
  })

  it('masks a whole private key block, even an unterminated one', () => {
    const block = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----'
    const masked = maskSecretsInText(`before\n${block}\nafter`).value
    expect(masked).not.toContain('MIIEow')
    expect(masked).toContain('after')
    expect(maskSecretsInText('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk').value).not.toContain(
      'b3Blbn',
    )
  })

  it('leaves ordinary text alone', () => {
    const text = 'wrote 42 bytes to environment-check.txt; task-runner sk-short'
    expect(maskSecretsInText(text)).toEqual({ value: text, count: 0 })
  })
})

describe('maskSecrets', () => {
  it('masks deep strings and values under secret-named keys without touching the input', () => {
    const input = {
      command: 'curl -H "Authorization: Bearer tok123456"',
      config: { apiKey: 'e2b_live_whatever', accessToken: 'x', input_tokens: 12, name: 'ok' },
      lines: ['ek_abcdef123456'],
    }
    const { value, count } = maskSecrets(input)
    expect(value.command).toBe(`curl -H "Authorization: Bearer ${MASK}"`)
    expect(value.config).toEqual({ apiKey: MASK, accessToken: MASK, input_tokens: 12, name: 'ok' })
    expect(value.lines).toEqual([`ek_${MASK}`])
    expect(count).toBe(4)
    expect(input.config.apiKey).toBe('e2b_live_whatever')
  })

  it('masks the values of bearer and *_secret_key fields, the same keys config masking hides', () => {
    const { value, count } = maskSecrets({
      bearer: 'abc',
      aws_secret_key: 'plain-looking',
      tokenizer: 'cl100k',
    })
    expect(value).toEqual({ bearer: MASK, aws_secret_key: MASK, tokenizer: 'cl100k' })
    expect(count).toBe(2)
  })
})
