import { describe, expect, it } from 'vitest'
import { decodeEntities, safeLinkHref } from './safe-url'

describe('safeLinkHref', () => {
  it('keeps absolute http, https and mailto addresses', () => {
    expect(safeLinkHref('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c')
    expect(safeLinkHref('http://example.com')).toBe('http://example.com/')
    expect(safeLinkHref('mailto:ops@example.com')).toBe('mailto:ops@example.com')
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    'JaVa&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    'java\u200bscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '//evil.example/path',
    '/environments',
    'environment-check.txt',
    '#top',
    'https://bank.example@evil.example/',
    'ht\u200btp://example.com',
    '',
  ])('never links %j', (href) => {
    expect(safeLinkHref(href)).toBeNull()
  })

  it('decodes entities the way the browser would before deciding', () => {
    expect(safeLinkHref('https&#58;//example.com/x')).toBe('https://example.com/x')
    expect(safeLinkHref('https://example.com/?a=1&amp;b=2')).toBe('https://example.com/?a=1&b=2')
  })
})

describe('decodeEntities', () => {
  it('decodes numeric and common named references in one pass', () => {
    expect(decodeEntities('a &amp; b &lt;i&gt; &#106; &#x41; &amp;lt;')).toBe('a & b <i> j A &lt;')
    expect(decodeEntities('&unknownname; &')).toBe('&unknownname; &')
    expect(decodeEntities('&#0; &#xD800; &#x110000;')).toBe('\ufffd \ufffd \ufffd')
  })
})
