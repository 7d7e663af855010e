import { useAuthStore } from '../stores/auth-store'
import { logout } from '@/data/identity/queries'
import { roleLabel } from '../models/role-label'
import { Button } from '@/components/ui/button'
import { useT } from '@/i18n'

export function UserMenu({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useT('identity')
  const user = useAuthStore((state) => state.user)
  const signOut = useAuthStore((state) => state.signOut)
  if (!user) return null
  const role = user.roles.includes('admin')
    ? roleLabel('admin')
    : user.roles[0]
      ? roleLabel(user.roles[0])
      : t('identity.role.member')
  return (
    <div className="flex items-center gap-3">
      <span className="text-sm">
        <span className="font-medium">{user.username}</span>{' '}
        <span className="text-muted-foreground">({role})</span>
      </span>
      <Button
        size="sm"
        onClick={() => {
          void logout().finally(() => {
            signOut()
            onSignedOut()
          })
        }}
      >
        {t('identity.userMenu.signOut')}
      </Button>
    </div>
  )
}
