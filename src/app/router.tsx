import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { AppShell } from './layout/app-shell'
import { RequireAuth } from './layout/require-auth'
import { RouteErrorBoundary } from './route-error-boundary'
import { LoadingState } from '@/components/ui/states'

// Route modules are the only default exports, so each screen is its own lazily loaded chunk.
// Declarative routes (not the data router) keep ~16 KB gzip of router code off the first load;
// the console loads data with react-query, not route loaders.
const screens = {
  login: lazy(() => import('./routes/login-route')),
  environments: lazy(() => import('./routes/environments-route')),
  environmentDetail: lazy(() => import('./routes/environment-detail-route')),
  environmentEdit: lazy(() => import('./routes/environment-edit-route')),
  agents: lazy(() => import('./routes/agents-route')),
  agentDetail: lazy(() => import('./routes/agent-detail-route')),
  sessions: lazy(() => import('./routes/sessions-route')),
  sessionDetail: lazy(() => import('./routes/session-detail-route')),
  notFound: lazy(() => import('./routes/not-found-route')),
} satisfies Record<string, ComponentType>

export function AppRoutes() {
  const location = useLocation()
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="/login" element={<screens.login />} />
          <Route
            element={
              <RequireAuth>
                <AppShell />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="/environments" replace />} />
            <Route path="environments" element={<screens.environments />} />
            <Route path="environments/:environmentId" element={<screens.environmentDetail />} />
            <Route path="environments/:environmentId/edit" element={<screens.environmentEdit />} />
            <Route path="agents" element={<screens.agents />} />
            <Route path="agents/:agentId" element={<screens.agentDetail />} />
            <Route path="sessions" element={<screens.sessions />} />
            <Route path="sessions/:sessionId" element={<screens.sessionDetail />} />
            <Route path="*" element={<screens.notFound />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  )
}
