import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RouteErrorBoundary } from './route-error-boundary'
import { ApiError } from '@/api/api-error'
import { allowConsole } from '@/testing/setup-tests'

function Boom({ error }: { error: unknown }): never {
  throw error
}

describe('RouteErrorBoundary', () => {
  it('shows what failed with the request id, and clears when the address changes', () => {
    allowConsole()
    const error = new ApiError({
      status: 403,
      message: 'namespace role does not allow resource configuration',
      requestId: 'req_1',
    })
    const view = render(
      <RouteErrorBoundary resetKey="/environments/env_1">
        <Boom error={error} />
      </RouteErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this')
    expect(screen.getByRole('alert')).toHaveTextContent('Request ID: req_1')
    view.rerender(
      <RouteErrorBoundary resetKey="/agents">
        <p>Agents screen</p>
      </RouteErrorBoundary>,
    )
    expect(screen.getByText('Agents screen')).toBeInTheDocument()
  })

  it('tells the user to reload when a screen chunk failed to load after a deploy', () => {
    allowConsole()
    render(
      <RouteErrorBoundary resetKey="/x">
        <Boom error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />
      </RouteErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Reload the page to get the latest console.')
  })
})
