import { t } from '@/i18n'

/** A compact duration for ages and waits: "45 s", "3 min", "2 h 5 min", "3 d" (or "3 分钟"). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return t('ui.duration.seconds', { seconds })
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return t('ui.duration.minutes', { minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 48)
    return minutes % 60
      ? t('ui.duration.hoursMinutes', { hours, minutes: minutes % 60 })
      : t('ui.duration.hours', { hours })
  return t('ui.duration.days', { days: Math.floor(hours / 24) })
}
