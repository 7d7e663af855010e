import { ConfigDiffView } from './config-diff-view'
import { CopyCurlButton } from './curl-scope'
import type { ConfigChange } from '../models/config-diff'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { FailureNotice } from '@/components/ui/failure-notice'
import { RichText, useT } from '@/i18n'

/** The diff before saving: what the PATCH will change, and that it replaces the whole config. */
export function ReviewChangesDialog({
  open,
  onOpenChange,
  environmentId,
  nameChange,
  changes,
  body,
  error,
  failure = null,
  isSaving,
  onSave,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  environmentId: string
  nameChange: { before: string; after: string } | null
  changes: ConfigChange[]
  body: unknown
  error: string | null
  /** The failed save behind `error`, for the what-to-do line. */
  failure?: unknown
  isSaving: boolean
  onSave: () => void
}) {
  const { t } = useT('environments')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('environments.edit.review')}
        description={t('environments.review.description')}
        className="w-[min(94vw,48rem)]!"
      >
        <div className="flex flex-col gap-3 text-sm">
          {nameChange ? (
            <p>
              <RichText
                id="environments.review.nameChange"
                values={{
                  before: <del className="text-destructive">{nameChange.before}</del>,
                  after: <ins className="text-success no-underline">{nameChange.after}</ins>,
                }}
              />
            </p>
          ) : null}
          <ConfigDiffView changes={changes} label={t('environments.review.changesLabel')} />
          <p className="text-xs text-muted-foreground">{t('environments.review.newWorkOnly')}</p>
          {error ? <FailureNotice error={failure} message={error} /> : null}
        </div>
        <DialogFooter className="items-center">
          <span className="mr-auto">
            <CopyCurlButton request={{ action: 'edit', environmentId, body }} />
          </span>
          <Button onClick={() => onOpenChange(false)}>{t('environments.review.keepEditing')}</Button>
          <Button variant="primary" disabled={isSaving} onClick={onSave}>
            {isSaving ? t('environments.common.saving') : t('environments.review.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
