import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useAuthStore } from '@/features/identity/stores/auth-store'

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token)
  const reason = useAuthStore((state) => state.signOutReason)
  const location = useLocation()
  if (!token) {
    // The one place that sends a signed-out user to sign in, with the way back in `next`.
    const next = encodeURIComponent(location.pathname + location.search)
    return <Navigate to={`/login?next=${next}${reason ? `&reason=${reason}` : ''}`} replace />
  }
  return children
}
