import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { AppShell } from './layout/app-shell'
import { RequireAuth } from './layout/require-auth'
import { RouteErrorBoundary } from './route-error-boundary'

// Route modules are the only default exports, so each screen is its own lazily loaded chunk.
type RouteModule = { default: React.ComponentType }
const lazyRoute = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default })

export const routes: RouteObject[] = [
  {
    path: '/login',
    lazy: lazyRoute(() => import('./routes/login-route')),
    errorElement: <RouteErrorBoundary />,
  },
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    errorElement: <RouteErrorBoundary />,
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

export type AppRouter = ReturnType<typeof createAppRouter>
