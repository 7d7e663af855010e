import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { AppShell } from './layout/app-shell'
import { RequireAuth } from './layout/require-auth'
import { RouteErrorBoundary } from './route-error-boundary'
import { LoadingState } from '@/components/ui/states'
import { loadNamespace, type Locale } from '@/i18n'

type ScreenModule = { default: ComponentType }

/**
 * A lazily loaded screen whose code and strings (in the active language) load side by side.
 * `preload` starts both before anything renders (start-up fetches the first route's screen with
 * the shell's strings and config); once they are in memory the screen renders without suspending,
 * so the first paint does not wait for a Suspense fallback to be revealed and replaced.
 */
function screen(load: () => Promise<ScreenModule>, ...namespaces: string[]) {
  let loaded: ComponentType | undefined
  let pending: Promise<ScreenModule> | undefined
  const preload = (locale?: Locale): Promise<ScreenModule> => {
    pending ??= Promise.all([
      load(),
      ...namespaces.map((namespace) => loadNamespace(namespace, locale)),
    ]).then(
      ([module]) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        // A failed download may succeed on the next visit to the route.
        pending = undefined
        throw error
      },
    )
    return pending
  }
  const Lazy = lazy(() => preload())
  function Screen() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return { Screen, preload }
}

// Route modules are the only default exports, so each screen is its own lazily loaded chunk.
// Declarative routes (not the data router) keep ~16 KB gzip of router code off the first load;
// the console loads data with react-query, not route loaders.
const screens = {
  login: screen(() => import('./routes/login-route'), 'app:screens', 'identity:login'),
  environments: screen(() => import('./routes/environments-route'), 'environments'),
  // The environment pages' strings (environments:screens) stay off the list page's first load, as
  // do the other screens' titles (app:screens), the sign-in form's (identity:login) and the advice
  // under a failed save (ui:advice), which the screens with forms load.
  environmentDetail: screen(
    () => import('./routes/environment-detail-route'),
    'environments',
    'environments:screens',
  ),
  environmentEdit: screen(
    () => import('./routes/environment-edit-route'),
    'environments',
    'environments:screens',
    'app:screens',
    'ui:advice',
  ),
  agents: screen(() => import('./routes/agents-route'), 'agents', 'app:screens'),
  agentDetail: screen(() => import('./routes/agent-detail-route'), 'agents', 'app:screens', 'ui:advice'),
  sessions: screen(() => import('./routes/sessions-route'), 'sessions', 'app:screens', 'ui:advice'),
  sessionDetail: screen(
    () => import('./routes/session-detail-route'),
    'sessions',
    'app:screens',
    'ui:advice',
  ),
  notFound: screen(() => import('./routes/not-found-route'), 'app:screens'),
}

export type ScreenName = keyof typeof screens

/** Which screen an address shows, by the same paths as the routes below. */
export function screenForPath(pathname: string, isSignedIn: boolean): ScreenName {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/login' || !isSignedIn) return 'login'
  if (path === '/' || path === '/environments') return 'environments'
  const parts = path.split('/').slice(1)
  const [section, id, extra] = parts
  if (parts.length === 1 && section === 'agents') return 'agents'
  if (parts.length === 1 && section === 'sessions') return 'sessions'
  if (parts.length === 2 && section === 'environments') return 'environmentDetail'
  if (parts.length === 3 && section === 'environments' && id && extra === 'edit') return 'environmentEdit'
  if (parts.length === 2 && section === 'agents') return 'agentDetail'
  if (parts.length === 2 && section === 'sessions') return 'sessionDetail'
  return 'notFound'
}

/** Starts loading a screen's code and strings in the given language. */
export function preloadScreen(name: ScreenName, locale: Locale): Promise<unknown> {
  return screens[name].preload(locale)
}

export function AppRoutes() {
  const location = useLocation()
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="/login" element={<screens.login.Screen />} />
          <Route
            element={
              <RequireAuth>
                <AppShell />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="/environments" replace />} />
            <Route path="environments" element={<screens.environments.Screen />} />
            <Route path="environments/:environmentId" element={<screens.environmentDetail.Screen />} />
            <Route path="environments/:environmentId/edit" element={<screens.environmentEdit.Screen />} />
            <Route path="agents" element={<screens.agents.Screen />} />
            <Route path="agents/:agentId" element={<screens.agentDetail.Screen />} />
            <Route path="sessions" element={<screens.sessions.Screen />} />
            <Route path="sessions/:sessionId" element={<screens.sessionDetail.Screen />} />
            <Route path="*" element={<screens.notFound.Screen />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  )
}
