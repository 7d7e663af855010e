import { t } from '@/i18n'

/** Key names whose values are treated as secrets: masked on screen and never kept in drafts. */
export const SECRET_KEY_PATTERN = /(api[_-]?key|secret|token|password|credential)/i

/**
 * A copy of a config with secret-looking values masked, for display. Editing works on the
 * original object, so masking never loses a value.
 */
export function maskConfigSecrets(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return SECRET_KEY_PATTERN.test(key) && value.length > 0
      ? t('environments.secrets.masked', { count: value.length })
      : value
  if (Array.isArray(value)) return value.map((item) => maskConfigSecrets(item))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskConfigSecrets(v, k)]))
  }
  return value
}
