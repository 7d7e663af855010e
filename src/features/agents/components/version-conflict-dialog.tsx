import { diffDefinitions } from '../models/diff-definitions'
import { SESSION_DEFAULT_FIELDS, type AgentDefinition } from '../models/agent-types'
import type { DefinitionConflict } from '../hooks/use-session-defaults-editor'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Notice } from '@/components/ui/notice'
import { FailureNotice } from '@/components/ui/failure-notice'
import { t, useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'

/** Values as the server spells them, always as text; long ones scroll inside their cell. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return t('agents.conflict.emptyValue')
  if (typeof value === 'string') return value === '' ? '""' : value
  return JSON.stringify(value, null, 2)
}

/** Who saved the latest version and when, as far as the server says. */
function conflictDescription(from: number, latest: AgentDefinition): string {
  const user = latest.updatedBy
  const time = latest.updatedAt ? formatExactTime(latest.updatedAt) : null
  if (user && time) return t('agents.conflict.descriptionByAt', { from, latest: latest.version, user, time })
  if (user) return t('agents.conflict.descriptionBy', { from, latest: latest.version, user })
  if (time) return t('agents.conflict.descriptionAt', { from, latest: latest.version, time })
  return t('agents.conflict.description', { from, latest: latest.version })
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
  const { t } = useT('agents')
  const changes = conflict ? diffDefinitions(conflict.base, conflict.latest) : []
  const touchesDefaults = changes.some((change) => isDefaultsField(change.field))
  const latest = conflict?.latest
  return (
    <Dialog open={conflict !== null} onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <DialogContent
        className="w-[min(96vw,56rem)]"
        title={t('agents.conflict.title')}
        description={conflict && latest ? conflictDescription(conflict.base.version, latest) : undefined}
      >
        {conflict ? (
          <div className="flex flex-col gap-4">
            {changes.length === 0 ? (
              <p className="text-sm">{t('agents.conflict.noFieldChanged')}</p>
            ) : (
              <div className="max-h-[45vh] overflow-auto rounded-md border border-border">
                <table className="w-full table-fixed text-left text-sm">
                  <caption className="sr-only">{t('agents.conflict.caption')}</caption>
                  <thead className="bg-muted text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="w-44 px-3 py-2">
                        {t('agents.conflict.columnField')}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('agents.conflict.columnBase', { version: conflict.base.version })}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('agents.conflict.columnLatest', { version: conflict.latest.version })}
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
              <p className="font-medium">{t('agents.conflict.yourDefaults')}</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t('agents.conflict.environment')}</dt>
                <dd className="break-words">
                  {conflict.draft.defaultEnvironmentId
                    ? environmentName(conflict.draft.defaultEnvironmentId)
                    : t('agents.conflict.none')}
                </dd>
                <dt className="text-muted-foreground">{t('agents.conflict.memoryStores')}</dt>
                <dd className="font-mono text-xs break-all">
                  {conflict.draft.defaultMemoryStoreIds.join(', ') || t('agents.conflict.none')}
                </dd>
                <dt className="text-muted-foreground">{t('agents.conflict.vaults')}</dt>
                <dd className="font-mono text-xs break-all">
                  {conflict.draft.defaultVaultIds.join(', ') || t('agents.conflict.none')}
                </dd>
              </dl>
            </div>
            {touchesDefaults ? (
              <Notice tone="warning">{t('agents.conflict.defaultsAlsoChanged')}</Notice>
            ) : (
              <p className="text-sm text-muted-foreground">
                {t('agents.conflict.reapplyKeeps', { version: conflict.latest.version })}
              </p>
            )}
            {error ? <FailureNotice error={error} /> : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button onClick={onDiscard} disabled={isSaving}>
            {t('agents.conflict.discard')}
          </Button>
          <Button variant="primary" onClick={onReapply} disabled={isSaving}>
            {isSaving ? t('agents.conflict.saving') : t('agents.conflict.reapply')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
