import { useQueryClient } from '@tanstack/react-query'
import { useApiHealthStore } from '../stores/api-health-store'
import { Button } from '@/components/ui/button'
import { RichText, useT } from '@/i18n'

export function ApiStatusBanner() {
  const { t } = useT('app')
  const queryClient = useQueryClient()
  const isUnreachable = useApiHealthStore((state) => state.isUnreachable)
  if (!isUnreachable) return null
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-4 border-b border-destructive/40 bg-destructive/10 px-4 py-2 text-sm"
    >
      <span>
        <RichText
          id="app.apiStatus.advice"
          values={{ title: <strong>{t('app.apiStatus.unreachable')}</strong>, file: 'console-config.json' }}
        />
      </span>
      <Button size="sm" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
        {t('app.apiStatus.retry')}
      </Button>
    </div>
  )
}
