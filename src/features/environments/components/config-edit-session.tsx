import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ConfigConflictDialog } from './config-conflict-dialog'
import { ConfigEditor } from './config-editor'
import { describedBy, FieldMessages } from './field-messages'
import { ReviewChangesDialog } from './review-changes-dialog'
import { useConfigEditSession } from './use-config-edit-session'
import { environmentTypeInfo, type Environment, type EnvironmentType } from '../models/environment-types'
import { hasErrors, validateEnvironment } from '../models/validate-environment'
import { Button } from '@/components/ui/button'
import { Input, Label } from '@/components/ui/input'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'

export function ConfigEditSession({
  environment,
  type,
}: {
  environment: Environment
  type: EnvironmentType
}) {
  const { t } = useT('environments')
  const id = useId()
  const session = useConfigEditSession(environment)
  const [isReviewOpen, setIsReviewOpen] = useState(false)
  const [hasSubmitted, setHasSubmitted] = useState(false)
  const errors = validateEnvironment({ name: session.name, type, config: session.editor.config })
  const shownErrors = hasSubmitted ? errors : {}
  const isBlocked = hasErrors(errors) || session.editor.jsonError !== null

  function handleReview() {
    setHasSubmitted(true)
    if (isBlocked) return
    session.clearSaveError()
    setIsReviewOpen(true)
  }

  async function handleSave() {
    const result = await session.save()
    if (result !== 'failed') setIsReviewOpen(false)
  }

  return (
    <div className="flex max-w-3xl flex-col gap-5">
      {session.restoredAt !== null ? (
        <Notice tone="info" role="status" title={t('environments.edit.draftRestoredTitle')}>
          {t('environments.edit.draftRestored', { time: formatExactTime(session.restoredAt) })}{' '}
          <Button size="sm" variant="link" className="h-auto px-0" onClick={() => session.reset(environment)}>
            {t('environments.edit.discardDraft')}
          </Button>
        </Notice>
      ) : null}
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>{t('environments.form.name')}</Label>
        <Input
          id={`${id}-name`}
          value={session.name}
          aria-invalid={shownErrors.name ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, false, shownErrors.name)}
          onChange={(event) => session.setName(event.target.value)}
        />
        <FieldMessages id={`${id}-name`} error={shownErrors.name} />
      </div>
      <p className="text-sm">
        <span className="font-medium">{t('environments.edit.typeLabel')}</span>{' '}
        {environmentTypeInfo(type).label}{' '}
        <span className="text-muted-foreground">{t('environments.edit.typeFixed')}</span>
      </p>
      <ConfigEditor
        idBase={`${id}-config`}
        type={type}
        state={session.editor}
        errors={shownErrors}
        onChange={session.setEditor}
      />
      {hasSubmitted && isBlocked ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('environments.edit.fixBeforeSaving')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" disabled={!session.isDirty} onClick={handleReview}>
          {t('environments.edit.review')}
        </Button>
        <Button disabled={!session.isDirty} onClick={() => session.reset(environment)}>
          {t('environments.edit.discardChanges')}
        </Button>
        <Link
          className="text-sm text-primary hover:underline"
          to={`/environments/${encodeURIComponent(environment.id)}`}
        >
          {t('environments.edit.back')}
        </Link>
        <span role="status" className="text-xs text-muted-foreground">
          {session.isDirty ? t('environments.edit.unsavedKept') : t('environments.edit.noChanges')}
        </span>
      </div>
      <ReviewChangesDialog
        open={isReviewOpen}
        onOpenChange={setIsReviewOpen}
        environmentId={environment.id}
        nameChange={session.nameChange}
        changes={session.changes}
        body={session.body}
        error={session.saveError}
        failure={session.saveFailure}
        isSaving={session.isSaving}
        onSave={() => void handleSave()}
      />
      {session.conflict ? (
        <ConfigConflictDialog
          server={session.conflict}
          mine={{ name: session.name, config: session.editor.config }}
          startedAt={session.baseline.updatedAt}
          isSaving={session.isSaving}
          error={session.saveError}
          onOverwrite={() => void session.save({ force: true })}
          onUseServer={() => session.conflict && session.reset(session.conflict)}
          onReviewAgainstServer={session.rebaseOnConflict}
        />
      ) : null}
    </div>
  )
}
