import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { ApiStatusBanner } from './api-status-banner'
import { ThemeToggle } from './theme-toggle'
import { RouteErrorBoundary } from '../route-error-boundary'
import { LoadingState } from '@/components/ui/states'
import { NamespaceSelect } from '@/features/identity/components/namespace-select'
import { UserMenu } from '@/features/identity/components/user-menu'
import { useScopeStore } from '@/features/identity/stores/scope-store'
import { cn } from '@/lib/cn'
import { getActiveRuntimeConfig } from '@/lib/runtime-config'

// Loaded on first open: a console on a real Gateway never downloads it.
const DemoPanel = lazy(() => import('./demo-panel').then((module) => ({ default: module.DemoPanel })))

const navigation = [
  { heading: 'Resources', links: [{ to: '/environments', label: 'Environments' }] },
  { heading: 'Design', links: [{ to: '/agents', label: 'Agents' }] },
  { heading: 'Work', links: [{ to: '/sessions', label: 'Sessions' }] },
]

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'block rounded-md px-3 py-1.5 text-sm',
    isActive ? 'bg-accent font-medium text-accent-foreground' : 'text-foreground hover:bg-muted',
  )
}

export function AppShell() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const namespace = useScopeStore((state) => state.namespace)
  const { pathname } = useLocation()
  const isDemo = getActiveRuntimeConfig().apiMode === 'mock'
  const [isDemoPanelOpen, setIsDemoPanelOpen] = useState(false)

  return (
    <div className="flex h-full min-h-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="flex w-56 shrink-0 flex-col border-r border-border bg-sidebar">
        <div className="flex h-14 items-center gap-2 border-b border-border px-4">
          <img src="/favicon.svg" alt="" className="size-6" />
          <span className="text-sm leading-tight font-semibold">
            Managed Agents
            <span className="block text-xs font-normal text-muted-foreground">AgentScope Service</span>
          </span>
        </div>
        <nav aria-label="Main" className="flex flex-col gap-4 p-3">
          {navigation.map((group) => (
            <div key={group.heading}>
              <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {group.heading}
              </p>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={navLinkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center justify-between gap-4 border-b border-border px-4">
          <div className="flex items-center gap-3">
            <NamespaceSelect
              onSwitch={() => {
                // Every cached resource belongs to the old namespace: drop it all.
                queryClient.clear()
              }}
            />
            {isDemo ? (
              <>
                <button
                  type="button"
                  className="rounded-full bg-warning-surface px-2 py-0.5 text-xs font-medium text-warning hover:underline"
                  title="Answers come from the mock backend bundled with the console, not a real Gateway. Open its controls."
                  onClick={() => setIsDemoPanelOpen(true)}
                >
                  Demo backend
                </button>
                {isDemoPanelOpen ? (
                  <Suspense fallback={null}>
                    <DemoPanel open={isDemoPanelOpen} onOpenChange={setIsDemoPanelOpen} />
                  </Suspense>
                ) : null}
              </>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <UserMenu
              onSignedOut={() => {
                queryClient.clear()
                void navigate('/login', { replace: true })
              }}
            />
          </div>
        </header>
        <ApiStatusBanner />
        <main id="main" className="min-h-0 flex-1 overflow-auto" tabIndex={-1}>
          {/* A failing screen keeps the shell; the boundary clears when the address changes. */}
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LoadingState />}>
              {/* Keyed by namespace so every screen and form remounts with the new scope. */}
              <Outlet key={namespace ?? ''} />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  )
}
