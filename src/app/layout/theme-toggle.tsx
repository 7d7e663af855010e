import { useThemeStore, type ThemeChoice } from '../theme'

const labels: Record<ThemeChoice, string> = {
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
}
const order: ThemeChoice[] = ['system', 'light', 'dark']

export function ThemeToggle() {
  const { choice, setChoice } = useThemeStore()
  const next = order[(order.indexOf(choice) + 1) % order.length] ?? 'system'
  return (
    <button
      type="button"
      className="h-8 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted"
      aria-label={`${labels[choice]}; switch to ${labels[next].toLowerCase()}`}
      onClick={() => setChoice(next)}
    >
      {choice === 'dark' ? '☾' : choice === 'light' ? '☀' : '◐'}
    </button>
  )
}
