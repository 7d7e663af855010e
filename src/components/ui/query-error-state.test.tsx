import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QueryErrorState } from './query-error-state'
import { ApiError } from '@/api/api-error'

const failure = (status: number) =>
  new ApiError({ status, message: `HTTP ${status} from the server`, requestId: 'req_42' })

describe('QueryErrorState', () => {
  it('shows the server message and the request id, and offers a retry for a failure that may pass', () => {
    render(
      <QueryErrorState title="Environments could not be loaded" error={failure(502)} onRetry={() => {}} />,
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Environments could not be loaded')
    expect(alert).toHaveTextContent('HTTP 502 from the server')
    expect(alert).toHaveTextContent('Request ID: req_42')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('never offers a retry on 403 or 404, but still shows the request id', () => {
    for (const status of [403, 404]) {
      const { unmount } = render(
        <QueryErrorState
          title="Not available"
          error={failure(status)}
          message="Ask an administrator."
          onRetry={() => {}}
        />,
      )
      expect(screen.getByRole('alert')).toHaveTextContent('Ask an administrator.')
      expect(screen.getByRole('alert')).toHaveTextContent('Request ID: req_42')
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
      unmount()
    }
  })

  it('handles an error that is not an ApiError', () => {
    render(<QueryErrorState title="Failed" error={new Error('boom')} onRetry={() => {}} />)
    expect(screen.getByRole('alert')).toHaveTextContent('boom')
    expect(screen.getByRole('alert')).not.toHaveTextContent('Request ID')
  })
})
