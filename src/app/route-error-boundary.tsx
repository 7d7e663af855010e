import { Component, type ErrorInfo, type ReactNode } from 'react'
import { isApiError, type ApiErrorKind } from '@/api/api-error'
import { ErrorState } from '@/components/ui/states'
import { t } from '@/i18n'

function describe(error: unknown): { title: string; message: string; requestId?: string | undefined } {
  if (isApiError(error)) {
    return {
      title: titleOf(error.kind),
      message: error.message,
      requestId: error.requestId,
    }
  }
  if (error instanceof Error) {
    // A chunk that fails to load after a deploy is the common case; a reload fetches the new one.
    if (/dynamically imported module|Importing a module script failed/i.test(error.message)) {
      return { title: t('app.routeError.chunkTitle'), message: t('app.routeError.chunkMessage') }
    }
    return { title: t('app.routeError.screenFailed'), message: error.message }
  }
  return { title: t('app.routeError.screenFailed'), message: String(error) }
}

function titleOf(kind: ApiErrorKind): string {
  switch (kind) {
    case 'forbidden':
      return t('app.routeError.forbidden')
    case 'not_found':
      return t('app.routeError.notFound')
    case 'network':
      return t('app.routeError.unreachable')
    case 'malformed':
      return t('app.routeError.malformed')
    case 'server':
      return t('app.routeError.server')
    default:
      return t('app.routeError.requestFailed')
  }
}

type Props = { children: ReactNode; resetKey: string }
type State = { error: unknown; failedKey: string | null }

/**
 * Catches a screen that throws while rendering (or whose chunk fails to load) so the shell and
 * navigation keep working; moving to another address clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedKey: null }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error !== null && state.failedKey !== null && state.failedKey !== props.resetKey) {
      return { error: null, failedKey: null }
    }
    return null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ failedKey: this.props.resetKey })
    console.error('Screen failed', error, info.componentStack)
  }

  override render() {
    if (this.state.error === null) return this.props.children
    const { title, message, requestId } = describe(this.state.error)
    return (
      <div className="mx-auto max-w-2xl p-6">
        <ErrorState
          title={title}
          message={message}
          requestId={requestId}
          onRetry={() => window.location.reload()}
        />
        <p className="mt-4 text-sm">
          <a className="text-primary underline" href="/environments">
            {t('app.routeError.backToEnvironments')}
          </a>
        </p>
      </div>
    )
  }
}
