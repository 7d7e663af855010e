import type { QueryClient } from '@tanstack/react-query'
import { configureApi, setApiCredentials } from '@/api/client'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useScopeStore } from '@/features/identity/stores/scope-store'

/**
 * Wires the typed client to the signed-in user: token and scope headers on every call, and a 401
 * signs the user out; RequireAuth then sends them to sign in and back to the same place.
 */
export function connectApi(baseUrl: string, queryClient: QueryClient) {
  configureApi(baseUrl)
  setApiCredentials({
    getToken: () => useAuthStore.getState().token,
    getScope: () => {
      const { tenant, namespace } = useScopeStore.getState()
      return { tenant, namespace }
    },
    onUnauthorized: () => {
      if (!useAuthStore.getState().token) return
      queryClient.clear()
      // RequireAuth sees the sign-out and redirects, keeping the current address as `next`.
      useAuthStore.getState().signOut('expired')
    },
  })
}
