import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { RequestHandler } from 'msw'
import { MemoryRouter, useLocation } from 'react-router'
import { connectApi } from '@/app/connect-api'
import { createQueryClient } from '@/app/query-client'
import { AppRoutes } from '@/app/router'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useScopeStore } from '@/features/identity/stores/scope-store'
import { createTestBackend, type TestEngineOptions } from '@/mocks/node'
import type { MockOptions } from '@/mocks/lib/backend'

export const TEST_ORIGIN = 'http://localhost'

type DemoUser = 'admin' | 'alice' | 'bob'

type TestApiOptions = {
  user?: DemoUser | null
  namespace?: string
  /** Answers that take precedence from the first request (`server.use` before the screen renders). */
  handlers?: RequestHandler[]
  /** Runs the mock's execution engine on a manual scheduler the test drives (`scheduler.advance`). */
  engine?: TestEngineOptions
  /** The mock's options from the start, e.g. `{ apiVariant: 'release' }`. */
  mockOptions?: Partial<MockOptions>
}

/**
 * The seeded mock through msw/node, the API client connected to it and the user signed in (alice
 * unless told; `null` signs out): what a screen or a data hook under test reads through.
 */
export async function startTestApi(options: TestApiOptions = {}) {
  const { backend, server, scheduler, engine } = await createTestBackend(
    options.mockOptions ?? {},
    options.engine ? { engine: options.engine } : {},
  )
  server.listen({ onUnhandledRequest: 'error' })
  if (options.handlers) server.use(...options.handlers)
  const queryClient = createQueryClient({ isTest: true })
  connectApi(TEST_ORIGIN, queryClient)
  useScopeStore.setState({ tenant: null, namespace: options.namespace ?? null })
  useAuthStore.setState({ token: null, user: null })
  const user = options.user === undefined ? 'alice' : options.user
  if (user) {
    const response = await fetch(`${TEST_ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: user, password: user }),
    })
    const body = (await response.json()) as {
      token: string
      userId: string
      username: string
      roles: string[]
    }
    useAuthStore
      .getState()
      .signIn(
        { token: body.token, user: { userId: body.userId, username: body.username, roles: body.roles } },
        { remember: false },
      )
  }
  return { backend, server, queryClient, scheduler, engine }
}

/**
 * Renders the real route modules with real providers in a memory router, against the seeded mock
 * through msw/node. Returns the backend and server so a test can script the server's answers.
 */
export async function renderApp(path: string, options: TestApiOptions = {}) {
  const { backend, server, queryClient, scheduler, engine } = await startTestApi(options)
  const location = { pathname: '', search: '' }
  function LocationProbe() {
    const current = useLocation()
    location.pathname = current.pathname
    location.search = current.search
    return null
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...view, backend, server, queryClient, location, scheduler, engine }
}
