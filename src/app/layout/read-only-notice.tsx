import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

/** A page header's note that this user may look but not change, with the reason from `useWriteAccess`. */
export function ReadOnlyNotice({ reason }: { reason: string }) {
  const { t } = useT('app')
  return (
    <span className="flex max-w-md items-center gap-2 text-xs text-muted-foreground">
      <Badge tone="warning">{t('app.readOnly')}</Badge>
      {reason}
    </span>
  )
}
