import { useEffect, useState } from 'react'
import type { IssuedKey } from '@/data/environments/issue-key'
import { WorkerRunGuideView } from './worker-run-guide-view'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { ChoiceField } from '@/components/ui/field'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Notice } from '@/components/ui/notice'
import { RichText, useT } from '@/i18n'

/** The HTTP header workers send the key in; a name, not prose. */
const KEY_HEADER = 'X-Builder-Environment-Key'

/**
 * Shows a one-time worker key. The key lives only in the caller's component state and this
 * dialog's DOM: never in storage, the URL, the query cache or a log. Closing needs an explicit
 * "I saved the key", because afterwards nobody can show it again.
 */
export function OneTimeKeyDialog({
  issued,
  reason,
  onClosed,
}: {
  issued: IssuedKey
  reason: 'created' | 'rotated'
  onClosed: () => void
}) {
  const { t } = useT('environments')
  const [hasSaved, setHasSaved] = useState(false)
  const [isCloseRefused, setIsCloseRefused] = useState(false)
  const { environment, apiKey } = issued

  useEffect(() => {
    // Leaving the page would lose the key for good: let the browser ask first.
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', handleBeforeUnload)
    return () => window.removeEventListener('beforeunload', handleBeforeUnload)
  }, [])

  function requestClose() {
    if (hasSaved) onClosed()
    else setIsCloseRefused(true)
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
      <DialogContent
        title={reason === 'created' ? t('environments.key.createdTitle') : t('environments.key.rotatedTitle')}
        description={t('environments.key.description')}
        className="w-[min(94vw,52rem)]!"
        onEscapeKeyDown={(event) => {
          event.preventDefault()
          requestClose()
        }}
        onInteractOutside={(event) => {
          event.preventDefault()
          requestClose()
        }}
      >
        <div className="flex flex-col gap-4">
          {reason === 'rotated' ? (
            <Notice tone="warning">{t('environments.key.previousStopped')}</Notice>
          ) : null}
          <dl className="grid grid-cols-1 gap-x-3 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{t('environments.key.environment')}</dt>
            <dd className="break-words">{environment.name}</dd>
            <dt className="text-muted-foreground">{t('environments.key.environmentId')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code className="font-mono break-all">{environment.id}</code>
              <CopyButton text={environment.id} label={t('environments.common.copyId')} />
            </dd>
            <dt className="text-muted-foreground">{t('environments.key.environmentKey')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code
                data-testid="one-time-key"
                className="rounded-md border border-border bg-muted px-2 py-1 font-mono break-all"
              >
                {apiKey}
              </code>
              <CopyButton text={apiKey} label={t('environments.key.copyKey')} />
            </dd>
          </dl>
          <p className="text-xs text-muted-foreground">
            <RichText
              id="environments.key.usage"
              values={{ header: <code className="font-mono">{KEY_HEADER}</code> }}
            />
          </p>
          {environment.type === 'self_hosted' ? (
            <WorkerRunGuideView environment={environment} />
          ) : (
            <p className="text-sm text-muted-foreground">
              {t('environments.key.notSelfHosted', { type: environment.type })}
            </p>
          )}
        </div>
        <DialogFooter className="items-center">
          <ChoiceField className="mr-auto" label={t('environments.key.savedConfirm')}>
            {(control) => (
              <input
                {...control}
                type="checkbox"
                className="size-4"
                checked={hasSaved}
                onChange={(event) => {
                  setHasSaved(event.target.checked)
                  setIsCloseRefused(false)
                }}
              />
            )}
          </ChoiceField>
          <Button variant="primary" disabled={!hasSaved} onClick={onClosed}>
            {t('environments.key.done')}
          </Button>
        </DialogFooter>
        {isCloseRefused ? (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive">
            {t('environments.key.closeRefused')}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
