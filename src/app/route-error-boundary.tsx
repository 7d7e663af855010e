import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
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
  if (isRouteErrorResponse(error))
    return { title: `${error.status} ${error.statusText}`, message: String(error.data) }
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

export function RouteErrorBoundary() {
  const error = useRouteError()
  const { title, message, requestId } = describe(error)
  return (
    <div className="mx-auto max-w-2xl p-6">
      <ErrorState
        title={title}
        message={message}
        requestId={requestId}
        onRetry={() => window.location.reload()}
      />
      <p className="mt-4 text-sm">
        <Link className="text-primary underline" to="/environments">
          Back to environments
        </Link>
      </p>
    </div>
  )
}
