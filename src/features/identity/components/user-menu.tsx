import { useAuthStore } from '../stores/auth-store'
import { logout } from '../api/queries'
import { Button } from '@/components/ui/button'

export function UserMenu({ onSignedOut }: { onSignedOut: () => void }) {
  const user = useAuthStore((state) => state.user)
  const signOut = useAuthStore((state) => state.signOut)
  if (!user) return null
  const role = user.roles.includes('admin') ? 'admin' : (user.roles[0] ?? 'member')
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
        Sign out
      </Button>
    </div>
  )
}
