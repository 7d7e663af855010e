import { t } from '@/i18n'

/** Names run together for a sentence: "a, b, c" in English, "a、b、c" in Chinese. */
export function joinList(items: readonly string[]): string {
  return items.join(t('sessions.listSeparator'))
}
