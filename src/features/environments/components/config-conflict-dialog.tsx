import { ConfigDiffView } from './config-diff-view'
import { diffConfig } from '../models/config-diff'
import type { ConfigObject } from '../models/config-fields'
import type { Environment } from '../models/environment-types'
import { maskConfigSecrets } from '../models/mask-config-secrets'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { formatExactTime } from '@/lib/format-time'

function Version({ title, name, config }: { title: string; name: string; config: ConfigObject }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-xs break-words">Name: {name}</p>
      <pre
        tabIndex={0}
        role="region"
        aria-label={`${title} config`}
        className="max-h-64 overflow-auto rounded-md bg-muted p-2 font-mono text-xs break-all whitespace-pre-wrap"
      >
        {JSON.stringify(maskConfigSecrets(config), null, 2)}
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
  onOverwrite,
  onUseServer,
  onReviewAgainstServer,
}: {
  server: Environment
  mine: { name: string; config: ConfigObject }
  startedAt: number
  isSaving: boolean
  error: string | null
  onOverwrite: () => void
  onUseServer: () => void
  onReviewAgainstServer: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onReviewAgainstServer())}>
      <DialogContent
        title="The environment changed while you were editing"
        description={`Someone saved it at ${formatExactTime(server.updatedAt)}; you started from the version of ${formatExactTime(startedAt)}. Nothing was saved yet.`}
        className="w-[min(96vw,60rem)]!"
      >
        <div className="flex flex-col gap-4 text-sm">
          <div className="grid gap-4 md:grid-cols-2">
            <Version title="Server version now" name={server.name} config={server.config} />
            <Version title="Your version" name={mine.name} config={mine.config} />
          </div>
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">What saving yours would change on the server</h3>
            <ConfigDiffView
              changes={diffConfig(server.config, mine.config)}
              label="Differences between the server version and yours"
            />
          </div>
          {error ? (
            <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button onClick={onUseServer}>Discard mine, use the server version</Button>
          <Button onClick={onReviewAgainstServer}>Keep editing mine</Button>
          <Button variant="destructive" disabled={isSaving} onClick={onOverwrite}>
            {isSaving ? 'Saving…' : 'Overwrite with mine'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
