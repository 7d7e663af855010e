/**
 * Links in assistant Markdown are untrusted. Only absolute http(s) and mailto addresses become
 * links; everything else (javascript:, vbscript:, data:, file:, relative paths that would resolve
 * against the console itself) is shown as text. The check runs on the address the browser would
 * actually use: entities decoded (marked leaves `&#x09;` in hrefs, and `java&#x09;script:` is
 * `javascript:` to a browser) and control characters and whitespace removed, as URL parsing does.
 */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/* eslint-disable no-control-regex -- matching control characters is the point */
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g
/* eslint-enable no-control-regex */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  tab: '\t',
  newline: '\n',
  colon: ':',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  commat: '@',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  times: '×',
  middot: '·',
  deg: '°',
}

function fromCodePoint(code: number): string {
  // Invalid, surrogate or NUL code points become U+FFFD, as HTML parsing does.
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
    return '\ufffd'
  return String.fromCodePoint(code)
}

/**
 * Decodes character references in one pass (so `&amp;lt;` shows `&lt;`): numeric ones and the
 * named ones Markdown text commonly carries. Unknown names stay as written.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});?/g,
    (match, body: string) => {
      if (body.startsWith('#x') || body.startsWith('#X'))
        return fromCodePoint(Number.parseInt(body.slice(2), 16))
      if (body.startsWith('#')) return fromCodePoint(Number.parseInt(body.slice(1), 10))
      return NAMED_ENTITIES[body] ?? match
    },
  )
}

/** The address to link to, or null when it must not become a link. */
export function safeLinkHref(raw: string | null | undefined): string | null {
  if (!raw) return null
  const decoded = decodeEntities(raw)
  // The scheme is judged with every invisible character removed, so none can disguise it.
  const forScheme = decoded.replace(INVISIBLE, '')
  if (!/^(https?:\/\/|mailto:)/i.test(forScheme)) return null
  // The address itself gets only the cleanup the browser's URL parser does.
  const address = decoded.replace(/[\t\n\r]/g, '').replace(EDGE_CONTROLS, '')
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return null
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null
  // Credentials in a link (`https://bank.example@evil.test`) exist to mislead.
  if (url.username || url.password) return null
  return url.href
}
