import { t } from '@/i18n'
import { replaceSecrets } from '@/lib/secrets'

/**
 * A copy of a config with secret-named values masked (the rule is `isSecretKey`), for display.
 * Editing works on the original object, so masking never loses a value. `key` is the field the
 * value sits under when it is one field of a config (a row of the diff).
 */
export function maskConfigSecrets(value: unknown, key = ''): unknown {
  return replaceSecrets(value, (secret) => t('environments.secrets.masked', { count: secret.length }), {
    key,
  })
}
