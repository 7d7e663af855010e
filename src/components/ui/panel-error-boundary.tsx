import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorState } from './states'
import { errorMessage } from '@/api/api-error'
import { retryFailedStrings } from '@/i18n'

type Props = { title: string; children: ReactNode }
type State = { error: unknown }

/**
 * Keeps one failing panel (a tab, a side view) from blanking the whole screen: the panel shows
 * its error with a retry that renders it again, and everything around it keeps working.
 */
export class PanelErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Panel failed', error, info.componentStack)
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <ErrorState
        title={this.props.title}
        message={errorMessage(this.state.error)}
        onRetry={() => {
          // Strings that failed to download are asked for again, not read from the failure.
          retryFailedStrings()
          this.setState({ error: null })
        }}
      />
    )
  }
}
