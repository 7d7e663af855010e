/**
 * What counts as a secret in a JSON value (environment config, tool input, event data, a request
 * body), decided by the key a string sits under. Every place that hides, redacts or replaces a
 * secret reads this one rule, so a field masked on one screen is masked on all of them.
 */

import { isRecord } from './read-fields'

/**
 * A name's last word says what it holds (`max_tokens` is a count, `authToken` a token), so the
 * rule reads the last word, or the last two for the `… key` names, never a fragment in the middle.
 * A last word that ends with one of these is a secret: `password`, `clientSecret`, `accesstoken`.
 */
const SECRET_WORD = /(token|secret|password|passwd|passphrase|bearer|credentials?|authorization)$/
/**
 * `apiKey`, `BUILDER_E2B_API_KEY`, `privateKey`, `AWS_SECRET_ACCESS_KEY`, `apikey`, and the
 * environment's one-time key (`ENVIRONMENT_KEY`, `environmentKey`); not `keyboard`, `key`.
 */
const SECRET_KEY_NAME = /(api|private|secret|access|ssh|signing|encryption|environment)key$/

/** The words of a name, lower-cased: `BUILDER_E2B_API_KEY`, `apiKey`, `X-Auth-Token`, `OpenAIApiKey`. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
}

/** Whether a value stored under this key name is a secret, whatever the value looks like. */
export function isSecretKey(name: string): boolean {
  const words = nameWords(name)
  const last = words.at(-1)
  if (last === undefined) return false
  return SECRET_WORD.test(last) || SECRET_KEY_NAME.test(words.slice(-2).join(''))
}

export type ReplaceSecretsOptions = {
  /** What a plain string (one under no secret-named key) becomes; kept as it is by default. */
  text?: (value: string) => string
  /** The key the value itself sits under, when it is one field of a larger object. */
  key?: string
}

/**
 * A deep copy of a JSON value in which every non-empty string under a secret-named key is
 * `replace(value, key)`. Array items sit under no key of their own. The input is never changed.
 */
export function replaceSecrets(
  value: unknown,
  replace: (secret: string, key: string) => string,
  { text = (plain) => plain, key = '' }: ReplaceSecretsOptions = {},
): unknown {
  const visit = (node: unknown, under: string): unknown => {
    if (typeof node === 'string') return node !== '' && isSecretKey(under) ? replace(node, under) : text(node)
    if (Array.isArray(node)) return node.map((item) => visit(item, ''))
    if (isRecord(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, k)]))
    return node
  }
  return visit(value, key)
}

/** The names of the secret-named keys that hold a value, at any depth, each once. */
export function secretKeyNames(value: unknown): string[] {
  const names = new Set<string>()
  replaceSecrets(value, (secret, key) => {
    names.add(key)
    return secret
  })
  return [...names]
}
