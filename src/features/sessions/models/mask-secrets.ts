import { replaceSecrets } from '@/lib/secrets'

export const MASK = '••••••••'

type Rule = { name: string; pattern: RegExp; replace: (match: string, ...groups: string[]) => string }

/**
 * What a secret looks like in tool input and output. Each keeps a recognisable prefix so the
 * reader knows what was hidden; the secret part never reaches the screen, a copy or a download
 * unless the user reveals it.
 */
const RULES: Rule[] = [
  {
    name: 'private key',
    pattern: /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?(?:-----END \1PRIVATE KEY-----|$)/g,
    replace: (_match, kind = '') =>
      `-----BEGIN ${kind}PRIVATE KEY----- ${MASK} -----END ${kind}PRIVATE KEY-----`,
  },
  {
    name: 'bearer token',
    pattern: /\b(Bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi,
    replace: (_match, scheme = 'Bearer') => `${scheme} ${MASK}`,
  },
  {
    name: 'JWT',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    replace: () => `eyJ${MASK}`,
  },
  { name: 'environment key', pattern: /\bek_[A-Za-z0-9_-]{6,}/g, replace: () => `ek_${MASK}` },
  { name: 'API key', pattern: /\bsk-[A-Za-z0-9_-]{16,}/g, replace: () => `sk-${MASK}` },
  {
    name: 'AWS access key',
    pattern: /\b(AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g,
    replace: (_match, prefix = '') => `${prefix}${MASK}`,
  },
  {
    name: 'AWS secret key',
    pattern: /(aws_?secret_?access_?key|SecretAccessKey)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}/gi,
    replace: (_match, name = '', separator = '') => `${name}${separator}${MASK}`,
  },
]

export type Masked<T> = { value: T; count: number }

export function maskSecretsInText(text: string): Masked<string> {
  let count = 0
  let result = text
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0
    result = result.replace(rule.pattern, (...args: unknown[]) => {
      count += 1
      const groups = args.slice(1, -2).map((group) => (typeof group === 'string' ? group : ''))
      return rule.replace(String(args[0]), ...groups)
    })
  }
  return { value: result, count }
}

/** A masked deep copy of a JSON value: secret-looking strings, and strings under secret-named keys. */
export function maskSecrets<T>(value: T): Masked<T> {
  let count = 0
  const masked = replaceSecrets(
    value,
    () => {
      count += 1
      return MASK
    },
    {
      text: (text) => {
        const inText = maskSecretsInText(text)
        count += inText.count
        return inText.value
      },
    },
  ) as T
  return { value: masked, count }
}
