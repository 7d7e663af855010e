import { canWriteResources, readOnlyReason } from '@/features/identity/models/can-write'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { useT } from '@/i18n'

/** Whether the signed-in user may change resources here, and if not, the reason to show. */
export function useWriteAccess(): { canWrite: boolean; readOnlyReason: string } {
  useT('identity') // readOnlyReason() reads the identity catalog
  const roles = useAuthStore((state) => state.user?.roles ?? [])
  return { canWrite: canWriteResources(roles), readOnlyReason: readOnlyReason() }
}
