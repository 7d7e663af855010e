import { ErrorState } from './states'
import { errorMessage, isApiError } from '@/api/api-error'

/**
 * The error state for a failed read, used by every screen: the screen's title, the server's
 * message (or the screen's own explanation), the request id to quote when there is one, and a
 * retry. A 403 or 404 gets no retry: asking again cannot change the answer.
 */
export function QueryErrorState({
  title,
  error,
  message,
  onRetry,
}: {
  title: string
  error: unknown
  /** The screen's wording for this failure; the server's message when absent. */
  message?: string
  onRetry?: () => void
}) {
  const isFinal = isApiError(error) && (error.status === 403 || error.status === 404)
  return (
    <ErrorState
      title={title}
      message={message ?? errorMessage(error)}
      requestId={isApiError(error) ? error.requestId : undefined}
      {...(isFinal || !onRetry ? {} : { onRetry })}
    />
  )
}
