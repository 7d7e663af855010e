import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useRef, useState, type KeyboardEvent } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { ApiStatusBanner } from './api-status-banner'
import { LanguageSwitcher } from './language-switcher'
import { ThemeToggle } from './theme-toggle'
import { useFocusRescue, useRouteFocus } from './use-focus-management'
import { CommandCenter } from '../palette/command-center'
import { RouteErrorBoundary } from '../route-error-boundary'
import { NavLink } from '@/components/ui/link'
import { LoadingState } from '@/components/ui/states'
import { NamespaceSelect } from '@/features/identity/components/namespace-select'
import { UserMenu } from '@/features/identity/components/user-menu'
import { loadNamespace, useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { getActiveRuntimeConfig } from '@/lib/runtime-config'

// Loaded on first open: a console on a real Gateway never downloads it.
const DemoPanel = lazy(() =>
  Promise.all([import('./demo-panel'), loadNamespace('app:demo')]).then(([module]) => ({
    default: module.DemoPanel,
  })),
)

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'block rounded-md px-3 py-1.5 text-sm',
    isActive ? 'bg-accent font-medium text-accent-foreground' : 'text-foreground hover:bg-muted',
  )
}

export function AppShell() {
  const { t } = useT('app')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // Bumped on every namespace switch: screens remount (dropping forms and local state that belong
  // to the old scope). The first resolution of the default scope is not a switch, so a dialog
  // opened while it loads stays open.
  const [scopeGeneration, setScopeGeneration] = useState(0)
  const onNamespaceSwitch = useCallback(() => {
    // Every cached resource belongs to the old namespace: drop it all.
    queryClient.clear()
    setScopeGeneration((generation) => generation + 1)
  }, [queryClient])
  const { pathname } = useLocation()
  const isDemo = getActiveRuntimeConfig().apiMode === 'mock'
  const mainRef = useRef<HTMLElement>(null)
  useRouteFocus(mainRef)
  useFocusRescue(mainRef)
  const [isDemoPanelOpen, setIsDemoPanelOpen] = useState(false)
  // The narrow-screen menu belongs to the page it was opened on: following a link closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null)
  const isMenuOpen = menuOpenAt === pathname
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  // Escape closes the menu from its button or its links, as it closes a dialog.
  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isMenuOpen) return
    event.preventDefault()
    setMenuOpenAt(null)
    menuButtonRef.current?.focus()
  }
  const navigation = [
    {
      heading: t('app.shell.nav.resources'),
      links: [{ to: '/environments', label: t('app.shell.nav.environments') }],
    },
    { heading: t('app.shell.nav.design'), links: [{ to: '/agents', label: t('app.shell.nav.agents') }] },
    { heading: t('app.shell.nav.work'), links: [{ to: '/sessions', label: t('app.shell.nav.sessions') }] },
    { heading: t('app.shell.nav.connection'), links: [{ to: '/server', label: t('app.shell.nav.server') }] },
  ]

  const navigationList = (
    <nav aria-label={t('app.shell.mainNavigation')} className="flex flex-col gap-4 p-3">
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
  )

  return (
    <div className="flex h-full min-h-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.shell.skipToContent')}
      </a>
      {/* From the md breakpoint (768 CSS px, so 1536 px at 200 % zoom) the sidebar is always shown;
          below it the header's Menu button shows the same links above the page. */}
      <aside className="hidden w-56 shrink-0 flex-col border-r border-border bg-sidebar md:flex">
        <div className="flex h-14 items-center gap-2 border-b border-border px-4">
          <img src="/favicon.svg" alt="" className="size-6" />
          <span className="text-sm leading-tight font-semibold">
            {t('app.product.name')}
            <span className="block text-xs font-normal text-muted-foreground">
              {t('app.product.service')}
            </span>
          </span>
        </div>
        {navigationList}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* Wraps instead of overflowing: at 320 CSS px every control stays on screen. */}
        <header className="flex min-h-14 shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-4 py-2">
          <button
            ref={menuButtonRef}
            type="button"
            className="inline-flex h-8 items-center gap-1 rounded-md border border-border px-2 text-sm hover:bg-muted md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="shell-menu"
            onClick={() => setMenuOpenAt(isMenuOpen ? null : pathname)}
            onKeyDown={closeMenuOnEscape}
          >
            <span aria-hidden="true">☰</span>
            {t('app.shell.menu')}
          </button>
          {/* Right after its button in the Tab order, drawn under the header's other controls. */}
          <div
            id="shell-menu"
            hidden={!isMenuOpen}
            onKeyDown={closeMenuOnEscape}
            className="order-last -mx-4 -mb-2 basis-full border-t border-border bg-sidebar md:hidden"
          >
            {isMenuOpen ? navigationList : null}
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <NamespaceSelect onSwitch={onNamespaceSwitch} />
            {isDemo ? (
              <>
                <button
                  type="button"
                  className="rounded-full bg-warning-surface px-2 py-0.5 text-xs font-medium text-warning hover:underline"
                  title={t('app.shell.demoBadgeHint')}
                  onClick={() => setIsDemoPanelOpen(true)}
                >
                  {t('app.shell.demoBadge')}
                </button>
                {isDemoPanelOpen ? (
                  <Suspense fallback={null}>
                    <DemoPanel open={isDemoPanelOpen} onOpenChange={setIsDemoPanelOpen} />
                  </Suspense>
                ) : null}
              </>
            ) : null}
          </div>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <CommandCenter />
            <LanguageSwitcher />
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
        <main ref={mainRef} id="main" className="min-h-0 flex-1 overflow-auto" tabIndex={-1}>
          {/* A failing screen keeps the shell; the boundary clears when the address changes. */}
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LoadingState />}>
              <Outlet key={scopeGeneration} />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  )
}
