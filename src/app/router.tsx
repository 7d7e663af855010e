import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { AppShell } from './layout/app-shell'
import { RequireAuth } from './layout/require-auth'
import { RouteErrorBoundary } from './route-error-boundary'
import { LoadingState } from '@/components/ui/states'
import { loadNamespace } from '@/i18n'

/** A lazily loaded screen whose code and strings (in the active language) load side by side. */
function screen(load: () => Promise<{ default: ComponentType }>, ...namespaces: string[]) {
  return lazy(() =>
    Promise.all([load(), ...namespaces.map((namespace) => loadNamespace(namespace))]).then(
      ([module]) => module,
    ),
  )
}

// Route modules are the only default exports, so each screen is its own lazily loaded chunk.
// Declarative routes (not the data router) keep ~16 KB gzip of router code off the first load;
// the console loads data with react-query, not route loaders.
const screens = {
  login: screen(() => import('./routes/login-route'), 'identity'),
  environments: screen(() => import('./routes/environments-route'), 'environments'),
  // The environment pages' strings (environments:screens) stay off the list page's first load.
  environmentDetail: screen(
    () => import('./routes/environment-detail-route'),
    'environments',
    'environments:screens',
  ),
  environmentEdit: screen(
    () => import('./routes/environment-edit-route'),
    'environments',
    'environments:screens',
  ),
  agents: screen(() => import('./routes/agents-route'), 'agents'),
  agentDetail: screen(() => import('./routes/agent-detail-route'), 'agents'),
  sessions: screen(() => import('./routes/sessions-route'), 'sessions'),
  sessionDetail: screen(() => import('./routes/session-detail-route'), 'sessions'),
  notFound: screen(() => import('./routes/not-found-route'), 'app'),
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
