import { queryClient, router } from './app-instance'
import { configureApi, setApiCredentials } from '@/api/client'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useScopeStore } from '@/features/identity/stores/scope-store'

/**
 * Wires the typed client to the signed-in user: token and scope headers on every call, and a 401
 * sends the user to sign in, then back to the same place (`next`), with drafts kept in storage.
 */
export function connectApi(baseUrl: string) {
  configureApi(baseUrl)
  setApiCredentials({
    getToken: () => useAuthStore.getState().token,
    getScope: () => {
      const { tenant, namespace } = useScopeStore.getState()
      return { tenant, namespace }
    },
    onUnauthorized: () => {
      if (!useAuthStore.getState().token) return
      useAuthStore.getState().signOut()
      queryClient.clear()
      const { pathname, search } = router.state.location
      if (pathname !== '/login') {
        void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}&reason=expired`, {
          replace: true,
        })
      }
    },
  })
}
