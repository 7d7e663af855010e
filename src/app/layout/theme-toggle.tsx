import { useThemeStore, type ThemeChoice } from '../theme'
import { useT } from '@/i18n'

const order: ThemeChoice[] = ['system', 'light', 'dark']

export function ThemeToggle() {
  const { t } = useT('app')
  const { choice, setChoice } = useThemeStore()
  const next = order[(order.indexOf(choice) + 1) % order.length] ?? 'system'
  const labels: Record<ThemeChoice, string> = {
    system: t('app.theme.system'),
    light: t('app.theme.light'),
    dark: t('app.theme.dark'),
  }
  return (
    <button
      type="button"
      className="h-8 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted"
      aria-label={t('app.theme.toggle', { current: labels[choice], next: labels[next].toLowerCase() })}
      onClick={() => setChoice(next)}
    >
      {choice === 'dark' ? '☾' : choice === 'light' ? '☀' : '◐'}
    </button>
  )
}
