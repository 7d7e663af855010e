import { lazy, Suspense, type ComponentType } from 'react'
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router'
import { AppShell } from './layout/app-shell'
import { RequireAuth } from './layout/require-auth'
import { RouteErrorBoundary } from './route-error-boundary'
import { LoadingState } from '@/components/ui/states'
import { loadNamespace, needsCatalogIndex, type Locale } from '@/i18n'

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
    if (pending) return pending
    // The strings first. A catalog outside the first download is found through a small index
    // chunk, asked for in a microtask, while a screen's chunks are asked for at once (as
    // <link rel="modulepreload">, thirty of them for the session page): asking for the code a task
    // later puts the index ahead of them in the browser's six connections instead of behind them,
    // so the catalogs arrive with the code rather than a round trip after it. A screen whose
    // strings need no index (the environment list's) asks for its code at once.
    const waitsForIndex = namespaces.some((namespace) => needsCatalogIndex(namespace, locale))
    const strings = namespaces.map((namespace) => loadNamespace(namespace, locale))
    const code = waitsForIndex ? new Promise((resolve) => setTimeout(resolve, 0)).then(load) : load()
    pending = Promise.all([code, ...strings]).then(
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
  environments: {
    path: 'environments',
    ...screen(() => import('./routes/environments-route'), 'environments'),
  },
  // The environment pages' strings (environments:screens) stay off the list page's first load, as
  // do the other screens' titles (app:screens), the sign-in form's (identity:login) and the advice
  // under a failed save (ui:advice), which the screens with forms load.
  environmentDetail: {
    path: 'environments/:environmentId',
    ...screen(
      () => import('./routes/environment-detail-route'),
      'environments',
      'environments:screens',
      'ui:advice',
    ),
  },
  environmentEdit: {
    path: 'environments/:environmentId/edit',
    ...screen(
      () => import('./routes/environment-edit-route'),
      'environments',
      'environments:screens',
      'app:screens',
      'ui:advice',
    ),
  },
  agents: {
    path: 'agents',
    ...screen(() => import('./routes/agents-route'), 'agents', 'app:screens'),
  },
  agentDetail: {
    path: 'agents/:agentId',
    ...screen(() => import('./routes/agent-detail-route'), 'agents', 'app:screens', 'ui:advice'),
  },
  sessions: {
    path: 'sessions',
    ...screen(() => import('./routes/sessions-route'), 'sessions', 'app:screens', 'ui:advice'),
  },
  // The inspector's own strings too (its sub-agent and stall-diagnosis lines, the composer's and
  // the export's, one catalog: `sessions/locales/inspector.*.json`): a catalog first asked for by a
  // render suspends the page, and each such suspension is one more round trip before the open
  // tab's first rows.
  sessionDetail: {
    path: 'sessions/:sessionId',
    ...screen(
      () => import('./routes/session-detail-route').then((route) => route.openingTabCode.then(() => route)),
      'sessions',
      'sessions:inspector',
      'app:screens',
      'ui:advice',
    ),
  },
  offlineViewer: {
    path: 'sessions-file',
    ...screen(() => import('./routes/offline-viewer-route'), 'sessions', 'app:screens', 'sessions:inspector'),
  },
  subagentDetail: {
    path: 'sessions/:sessionId/subagents/*',
    ...screen(
      () => import('./routes/subagent-detail-route'),
      'sessions',
      'sessions:inspector',
      'app:screens',
      'ui:advice',
    ),
  },
  server: { path: 'server', ...screen(() => import('./routes/server-route'), 'server') },
  notFound: screen(() => import('./routes/not-found-route'), 'app:screens'),
}

export type ScreenName = keyof typeof screens

/**
 * The signed-in screens by path (inside the shell, which asks for sign-in first), read from the
 * `path` of each entry above. `<Routes>` is built from this list and `screenForPath` matches
 * against it, so start-up preloads the screen the router then shows. `/login` and the not-found
 * page have no path there: they sit outside the shell's routes.
 */
export const SCREEN_ROUTES: readonly { path: string; screen: ScreenName }[] = Object.entries(screens).flatMap(
  ([name, entry]) => ('path' in entry ? [{ path: entry.path, screen: name as ScreenName }] : []),
)

/** Where `/` goes: the index route redirects here. */
const HOME_PATH = '/environments'

/** Which screen an address shows, matched as `<Routes>` matches it. */
export function screenForPath(pathname: string, isSignedIn: boolean): ScreenName {
  if (!isSignedIn || matchPath('/login', pathname)) return 'login'
  const path = matchPath('/', pathname) ? HOME_PATH : pathname
  return SCREEN_ROUTES.find((route) => matchPath(`/${route.path}`, path))?.screen ?? 'notFound'
}

/** Starts loading a screen's code and strings in the given language. */
export function preloadScreen(name: ScreenName, locale: Locale): Promise<unknown> {
  return screens[name].preload(locale)
}

/**
 * The route table as objects (`useRoutes`), not `<Route>` elements: the same routes without
 * react-router's element-to-object conversion in the first download.
 */
const ROUTES: RouteObject[] = [
  { path: '/login', element: <screens.login.Screen /> },
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      ...SCREEN_ROUTES.map(({ path, screen: name }) => {
        const { Screen } = screens[name]
        return { path, element: <Screen /> }
      }),
      { path: '*', element: <screens.notFound.Screen /> },
    ],
  },
]

export function AppRoutes() {
  const location = useLocation()
  const routes = useRoutes(ROUTES)
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingState />}>{routes}</Suspense>
    </RouteErrorBoundary>
  )
}
