import { activeLocale } from '@/i18n'

const formats = new Map<string, Intl.NumberFormat>()

/** A count in the reader's language ("10,000" / "10,000"; grouping follows the locale). */
export function formatNumber(value: number, locale: string = activeLocale()): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale)
    formats.set(locale, format)
  }
  return format.format(value)
}
