import { Component, type ErrorInfo, type ReactNode } from 'react'
import { isApiError } from '@/api/api-error'
import { ErrorState } from '@/components/ui/states'

function describe(error: unknown): { title: string; message: string; requestId?: string | undefined } {
  if (isApiError(error)) {
    const titles: Partial<Record<typeof error.kind, string>> = {
      forbidden: 'You do not have access to this',
      not_found: 'Not found',
      network: 'The API is unreachable',
      malformed: 'Unexpected response from the server',
      server: 'The server failed',
    }
    return {
      title: titles[error.kind] ?? 'Request failed',
      message: error.message,
      requestId: error.requestId,
    }
  }
  if (error instanceof Error) {
    // A chunk that fails to load after a deploy is the common case; a reload fetches the new one.
    if (/dynamically imported module|Importing a module script failed/i.test(error.message)) {
      return {
        title: 'This screen could not be loaded',
        message: 'Reload the page to get the latest console.',
      }
    }
    return { title: 'This screen failed', message: error.message }
  }
  return { title: 'This screen failed', message: String(error) }
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
            Back to environments
          </a>
        </p>
      </div>
    )
  }
}
