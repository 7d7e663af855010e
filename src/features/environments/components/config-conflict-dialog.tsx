import { ConfigDiffView } from './config-diff-view'
import { diffConfig } from '../models/config-diff'
import type { ConfigObject } from '../models/config-fields'
import type { Environment } from '../models/environment-types'
import { maskConfigSecrets } from '../models/mask-config-secrets'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { FailureNotice } from '@/components/ui/failure-notice'
import { useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'

function Version({ title, name, config }: { title: string; name: string; config: ConfigObject | null }) {
  const { t } = useT('environments')
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-xs break-words">{t('environments.conflict.name', { name })}</p>
      <pre
        tabIndex={0}
        role="region"
        aria-label={t('environments.conflict.versionConfig', { title })}
        className="max-h-64 overflow-auto rounded-md bg-muted p-2 font-mono text-xs break-all whitespace-pre-wrap"
      >
        {config === null
          ? t('environments.conflict.noConfig')
          : JSON.stringify(maskConfigSecrets(config), null, 2)}
      </pre>
    </section>
  )
}

/**
 * PATCH has no version check, so the console checks `updatedAt` itself before saving and never
 * overwrites someone else's change without showing both versions first.
 */
export function ConfigConflictDialog({
  server,
  mine,
  startedAt,
  isSaving,
  error,
  failure,
  onOverwrite,
  onUseServer,
  onReviewAgainstServer,
}: {
  server: Environment
  mine: { name: string; config: ConfigObject }
  startedAt: number
  isSaving: boolean
  /** The screen's explanation of the failed save, beside the failure itself. */
  error: string | null
  failure: unknown
  onOverwrite: () => void
  onUseServer: () => void
  onReviewAgainstServer: () => void
}) {
  const { t } = useT('environments')
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onReviewAgainstServer())}>
      <DialogContent
        title={t('environments.conflict.title')}
        description={t('environments.conflict.description', {
          savedAt: formatExactTime(server.updatedAt),
          startedAt: formatExactTime(startedAt),
        })}
        className="w-[min(96vw,60rem)]!"
      >
        <div className="flex flex-col gap-4 text-sm">
          <div className="grid gap-4 md:grid-cols-2">
            <Version
              title={t('environments.conflict.serverVersion')}
              name={server.name}
              config={server.config}
            />
            <Version title={t('environments.conflict.yourVersion')} name={mine.name} config={mine.config} />
          </div>
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{t('environments.conflict.whatChanges')}</h3>
            <ConfigDiffView
              changes={diffConfig(server.config ?? {}, mine.config)}
              label={t('environments.conflict.differences')}
            />
          </div>
          {error && failure !== null ? <FailureNotice error={failure} message={error} /> : null}
        </div>
        <DialogFooter>
          <Button onClick={onUseServer}>{t('environments.conflict.useServer')}</Button>
          <Button onClick={onReviewAgainstServer}>{t('environments.conflict.keepEditing')}</Button>
          <Button variant="destructive" disabled={isSaving} onClick={onOverwrite}>
            {isSaving ? t('environments.common.saving') : t('environments.conflict.overwrite')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
