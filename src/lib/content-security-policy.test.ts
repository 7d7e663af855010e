import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './content-security-policy'

describe('contentSecurityPolicy', () => {
  it('allows scripts only from self and API calls only to self and the Gateway origin', () => {
    const policy = contentSecurityPolicy('https://gw.example.com/base/path')
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).toContain("connect-src 'self' https://gw.example.com;")
    expect(policy).toContain("object-src 'none'")
  })

  it('adds the extra origins an operator allows, once each', () => {
    expect(
      contentSecurityPolicy('https://gw.example.com', ['https://gw.example.com/x', 'http://127.0.0.1:8787']),
    ).toContain("connect-src 'self' https://gw.example.com http://127.0.0.1:8787;")
  })

  it('falls back to self only when the Gateway is the same origin or unparsable', () => {
    expect(contentSecurityPolicy('')).toContain("connect-src 'self';")
    expect(contentSecurityPolicy('not a url')).toContain("connect-src 'self';")
  })
})
