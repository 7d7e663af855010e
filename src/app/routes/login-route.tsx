import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { LanguageSwitcher } from '../layout/language-switcher'
import { useRouteFocus } from '../layout/use-focus-management'
import { useDocumentTitle } from '../use-document-title'
import { prefetchServerFacts } from '@/data/server/queries'
import { LoginForm } from '@/features/identity/components/login-form'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useT } from '@/i18n'
import { getActiveRuntimeConfig } from '@/lib/runtime-config'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

/** Only same-console paths are accepted as `next`, so a crafted link cannot send users elsewhere. */
function safeNext(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login'))
    return '/environments'
  return value
}

export default function LoginRoute() {
  const { t } = useT('app', 'app:screens')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const token = useAuthStore((state) => state.token)
  const next = safeNext(params.get('next'))
  const mainRef = useRef<HTMLElement>(null)
  // After signing out, focus starts again at this page's heading.
  useRouteFocus(mainRef)
  useDocumentTitle(t('app.login.documentTitle'))
  if (token) return <Navigate to={next} replace />
  return (
    <main
      ref={mainRef}
      id="main"
      tabIndex={-1}
      className="relative flex min-h-full flex-col items-center justify-center gap-6 p-6"
    >
      <LanguageSwitcher className="absolute top-4 right-4" />
      <div className="text-center">
        <img src="/favicon.svg" alt="" className="mx-auto size-10" />
        <h1 className="mt-3 text-xl font-semibold">{t('app.login.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('app.login.subtitle')}</p>
      </div>
      <LoginForm
        isDemo={getActiveRuntimeConfig().apiMode === 'mock'}
        reason={params.get('reason')}
        onSignedIn={() => {
          // At sign-in, once: which API families this Gateway serves (the screens read the answer).
          void prefetchServerFacts(queryClient)
          void navigate(next, { replace: true })
        }}
      />
    </main>
  )
}
