import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router'
import { AppShell } from './layout/app-shell'
import { RequireAuth } from './layout/require-auth'
import { RouteErrorBoundary } from './route-error-boundary'
import { LoadingState } from '@/components/ui/states'

// Route modules are the only default exports, so each screen is its own lazily loaded chunk.
type RouteModule = { default: React.ComponentType }
const lazyRoute = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default })

export const routes: RouteObject[] = [
  {
    path: '/login',
    lazy: lazyRoute(() => import('./routes/login-route')),
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <LoadingState />,
  },
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <Navigate to="/environments" replace /> },
          { path: 'environments', lazy: lazyRoute(() => import('./routes/environments-route')) },
          {
            path: 'environments/:environmentId',
            lazy: lazyRoute(() => import('./routes/environment-detail-route')),
          },
          { path: 'agents', lazy: lazyRoute(() => import('./routes/agents-route')) },
          { path: 'agents/:agentId', lazy: lazyRoute(() => import('./routes/agent-detail-route')) },
          { path: 'sessions', lazy: lazyRoute(() => import('./routes/sessions-route')) },
          { path: 'sessions/:sessionId', lazy: lazyRoute(() => import('./routes/session-detail-route')) },
          { path: '*', lazy: lazyRoute(() => import('./routes/not-found-route')) },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

/** The same routes in memory, for component tests that render whole screens. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] })
}
