import { useEffect, useState } from 'react'
import type { IssuedKey } from '../api/actions'
import { WorkerRunGuideView } from './worker-run-guide-view'
import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Notice } from '@/components/ui/notice'

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
        title={reason === 'created' ? 'Environment created: save its key' : 'New key issued: save it'}
        description="This is the only time the key is shown. The server keeps only a hash of it."
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
            <Notice tone="warning">
              The previous key stopped working at once. Restart every worker of this environment with the new
              key.
            </Notice>
          ) : null}
          <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Environment</dt>
            <dd className="break-words">{environment.name}</dd>
            <dt className="text-muted-foreground">Environment ID</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code className="font-mono break-all">{environment.id}</code>
              <CopyButton text={environment.id} label="Copy environment ID" />
            </dd>
            <dt className="text-muted-foreground">Environment key</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code
                data-testid="one-time-key"
                className="rounded-md border border-border bg-muted px-2 py-1 font-mono break-all"
              >
                {apiKey}
              </code>
              <CopyButton text={apiKey} label="Copy key" variant="primary" />
            </dd>
          </dl>
          <p className="text-xs text-muted-foreground">
            Workers send it as <code className="font-mono">X-Builder-Environment-Key</code>. It is not a user
            credential and works for this environment only. Keep it in a secret store, not in a shell script
            or a repository.
          </p>
          {environment.type === 'self_hosted' ? (
            <WorkerRunGuideView environment={environment} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Only self-hosted workers use this key; a {environment.type} environment runs tools without one.
            </p>
          )}
        </div>
        <DialogFooter className="items-center">
          <label className="mr-auto flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={hasSaved}
              onChange={(event) => {
                setHasSaved(event.target.checked)
                setIsCloseRefused(false)
              }}
            />
            I saved the key somewhere safe
          </label>
          <Button variant="primary" disabled={!hasSaved} onClick={onClosed}>
            Done
          </Button>
        </DialogFooter>
        {isCloseRefused ? (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive">
            Confirm that you saved the key first: once closed, it cannot be shown again.
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
