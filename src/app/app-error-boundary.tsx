import { Component, type ErrorInfo, type ReactNode } from 'react'
import { t } from '@/i18n'

type State = { error: Error | null }

/** The last line of defence: anything that escapes the route boundaries lands here, never a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Console crashed', error, info.componentStack)
  }

  override render() {
    if (!this.state.error) return this.props.children
    // A class component cannot call useT; the app namespace is loaded before the first render.
    return (
      <main role="alert" className="mx-auto mt-24 max-w-xl rounded-lg border border-destructive/40 p-6">
        <h1 className="text-lg font-semibold">{t('app.crash.title')}</h1>
        <p className="mt-2 text-sm break-words text-muted-foreground">{this.state.error.message}</p>
        <button
          type="button"
          className="mt-4 rounded-md border border-border px-3 py-1.5 text-sm"
          onClick={() => window.location.reload()}
        >
          {t('app.crash.reload')}
        </button>
      </main>
    )
  }
}
