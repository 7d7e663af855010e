import { ErrorState } from './states'
import { errorMessage, isApiError } from '@/api/api-error'

/**
 * The error state for a failed query: the server's message, the request id to quote, and a retry.
 * A 403 says what is missing rather than offering a retry that cannot help.
 */
export function QueryErrorState({
  title,
  error,
  onRetry,
}: {
  title: string
  error: unknown
  onRetry: () => void
}) {
  const isForbidden = isApiError(error) && error.status === 403
  return (
    <ErrorState
      title={title}
      message={errorMessage(error)}
      requestId={isApiError(error) ? error.requestId : undefined}
      {...(isForbidden ? {} : { onRetry })}
    />
  )
}
