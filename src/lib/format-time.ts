import { activeLocale } from '@/i18n'

// Building an Intl formatter costs far more than formatting with one (the environment list's first
// render spent ~17 ms creating one per row), so each is made once per language.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()
const exactFormats = new Map<string, Intl.DateTimeFormat>()
const clockFormats = new Map<string, Intl.DateTimeFormat>()

function cached<T>(formats: Map<string, T>, locale: string, create: () => T): T {
  let format = formats.get(locale)
  if (!format) {
    format = create()
    formats.set(locale, format)
  }
  return format
}

/**
 * Relative time ("3 minutes ago") for scanning, with the exact time kept for a hover title. Every
 * time shown this way has already happened, so one a little ahead of this browser's clock (the
 * server's clock runs ahead, or `now` ticks only every few seconds) reads "now", never "in 2 minutes".
 */
export function formatRelativeTime(epochMs: number, nowMs: number, locale: string = activeLocale()): string {
  const seconds = Math.min(0, Math.round((epochMs - nowMs) / 1000))
  const format = cached(
    relativeFormats,
    locale,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  )
  const abs = Math.abs(seconds)
  if (abs < 45) return format.format(seconds, 'second')
  if (abs < 45 * 60) return format.format(Math.round(seconds / 60), 'minute')
  if (abs < 22 * 3600) return format.format(Math.round(seconds / 3600), 'hour')
  if (abs < 26 * 86400) return format.format(Math.round(seconds / 86400), 'day')
  if (abs < 320 * 86400) return format.format(Math.round(seconds / (30 * 86400)), 'month')
  return format.format(Math.round(seconds / (365 * 86400)), 'year')
}

export function formatExactTime(epochMs: number, locale: string = activeLocale()): string {
  return cached(
    exactFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
  ).format(epochMs)
}

/**
 * The time of day on a 24-hour clock ("14:03:07", or "14:03:07.123" with `milliseconds`), for
 * logs and timelines whose rows all fall on the same day or two; the date is in the exact time.
 */
export function formatClockTime(
  epochMs: number,
  { milliseconds = false }: { milliseconds?: boolean } = {},
  locale: string = activeLocale(),
): string {
  return cached(
    clockFormats,
    `${locale}|${milliseconds ? 'ms' : 's'}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        ...(milliseconds ? { fractionalSecondDigits: 3 } : {}),
        hour12: false,
      }),
  ).format(epochMs)
}
