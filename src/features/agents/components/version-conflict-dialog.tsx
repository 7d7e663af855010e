import { diffDefinitions } from '../models/diff-definitions'
import { SESSION_DEFAULT_FIELDS } from '../models/agent-types'
import type { DefinitionConflict } from './use-session-defaults-editor'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Notice } from '@/components/ui/notice'
import { formatExactTime } from '@/lib/format-time'

/** Values as the server spells them, always as text; long ones scroll inside their cell. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '(empty)'
  if (typeof value === 'string') return value === '' ? '""' : value
  return JSON.stringify(value, null, 2)
}

const isDefaultsField = (field: string) => (SESSION_DEFAULT_FIELDS as readonly string[]).includes(field)

/**
 * The save hit a newer version. Shows what changed on the server since the user's starting
 * version, and offers to re-apply only their defaults onto the latest, or to drop them. Closing
 * keeps the edit without saving; nothing is ever overwritten silently.
 */
export function VersionConflictDialog({
  conflict,
  environmentName,
  isSaving,
  error,
  onReapply,
  onDiscard,
  onDismiss,
}: {
  conflict: DefinitionConflict | null
  environmentName: (environmentId: string) => string
  isSaving: boolean
  error: unknown
  onReapply: () => void
  onDiscard: () => void
  onDismiss: () => void
}) {
  const changes = conflict ? diffDefinitions(conflict.base, conflict.latest) : []
  const touchesDefaults = changes.some((change) => isDefaultsField(change.field))
  const latest = conflict?.latest
  return (
    <Dialog open={conflict !== null} onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <DialogContent
        className="w-[min(96vw,56rem)]"
        title="The definition changed while you were editing"
        description={
          conflict && latest
            ? `You started from version ${conflict.base.version}; the server now has version ${latest.version}${
                latest.updatedBy ? `, saved by ${latest.updatedBy}` : ''
              }${latest.updatedAt ? ` at ${formatExactTime(latest.updatedAt)}` : ''}. Your change was not saved.`
            : undefined
        }
      >
        {conflict ? (
          <div className="flex flex-col gap-4">
            {changes.length === 0 ? (
              <p className="text-sm">No field changed on the server; only the version moved on.</p>
            ) : (
              <div className="max-h-[45vh] overflow-auto rounded-md border border-border">
                <table className="w-full table-fixed text-left text-sm">
                  <caption className="sr-only">Fields changed on the server</caption>
                  <thead className="bg-muted text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="w-44 px-3 py-2">
                        Field
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Version {conflict.base.version} (you started from)
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Version {conflict.latest.version} (latest)
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.map((change) => (
                      <tr key={change.field} className="border-t border-border align-top">
                        <th scope="row" className="px-3 py-2 font-mono text-xs font-medium break-all">
                          {change.field}
                        </th>
                        <td className="px-3 py-2">
                          <pre className="max-h-40 overflow-auto font-mono text-xs break-words whitespace-pre-wrap">
                            {formatValue(change.before)}
                          </pre>
                        </td>
                        <td className="px-3 py-2">
                          <pre className="max-h-40 overflow-auto font-mono text-xs break-words whitespace-pre-wrap">
                            {formatValue(change.after)}
                          </pre>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="text-sm">
              <p className="font-medium">Your session defaults</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Environment</dt>
                <dd className="break-words">
                  {conflict.draft.defaultEnvironmentId
                    ? environmentName(conflict.draft.defaultEnvironmentId)
                    : 'None'}
                </dd>
                <dt className="text-muted-foreground">Memory stores</dt>
                <dd className="font-mono text-xs break-all">
                  {conflict.draft.defaultMemoryStoreIds.join(', ') || 'None'}
                </dd>
                <dt className="text-muted-foreground">Vaults</dt>
                <dd className="font-mono text-xs break-all">
                  {conflict.draft.defaultVaultIds.join(', ') || 'None'}
                </dd>
              </dl>
            </div>
            {touchesDefaults ? (
              <Notice tone="warning">
                The latest version also changed session defaults. Re-applying replaces them with yours; every
                other field keeps the latest value.
              </Notice>
            ) : (
              <p className="text-sm text-muted-foreground">
                Re-applying keeps every field of version {conflict.latest.version} and changes only the
                session defaults.
              </p>
            )}
            {error ? (
              <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
                {errorMessage(error)}
              </p>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button onClick={onDiscard} disabled={isSaving}>
            Discard my changes
          </Button>
          <Button variant="primary" onClick={onReapply} disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Re-apply my defaults on the latest version'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
