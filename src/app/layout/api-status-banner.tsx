import { useQueryClient } from '@tanstack/react-query'
import { useApiHealthStore } from '../stores/api-health-store'
import { Button } from '@/components/ui/button'

export function ApiStatusBanner() {
  const queryClient = useQueryClient()
  const isUnreachable = useApiHealthStore((state) => state.isUnreachable)
  if (!isUnreachable) return null
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-4 border-b border-destructive/40 bg-destructive/10 px-4 py-2 text-sm"
    >
      <span>
        <strong>The API is unreachable.</strong> Check your network or the Gateway URL in console-config.json.
        The console keeps what it has and retries.
      </span>
      <Button size="sm" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
        Retry now
      </Button>
    </div>
  )
}
