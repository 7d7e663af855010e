import { ConfigConflictDialog } from './config-conflict-dialog'
import { ConfigEditor } from './config-editor'
import { ReviewChangesDialog } from './review-changes-dialog'
import { useConfigEditSession } from '../hooks/use-config-edit-session'
import { environmentTypeInfo, type Environment, type EnvironmentType } from '../models/environment-types'
import { explainEnvironmentError } from '../models/explain-environment-error'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Link } from '@/components/ui/link'
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
  const edit = useConfigEditSession(environment, type)
  const { session, dispatch } = edit
  const saveError = session.failure ? explainEnvironmentError(session.failure.error, 'edit') : null

  return (
    <div className="flex max-w-3xl flex-col gap-5">
      {session.restoredAt !== null ? (
        <Notice tone="info" role="status" title={t('environments.edit.draftRestoredTitle')}>
          {t('environments.edit.draftRestored', { time: formatExactTime(session.restoredAt) })}{' '}
          <Button
            size="inline"
            variant="link"
            className="underline"
            onClick={() => dispatch({ type: 'reset', environment })}
          >
            {t('environments.edit.discardDraft')}
          </Button>
        </Notice>
      ) : null}
      <Field label={t('environments.form.name')} error={edit.errors.name}>
        {(control) => (
          <Input
            {...control}
            value={session.name}
            onChange={(event) => dispatch({ type: 'nameChanged', name: event.target.value })}
          />
        )}
      </Field>
      <p className="text-sm">
        <span className="font-medium">{t('environments.edit.typeLabel')}</span>{' '}
        {environmentTypeInfo(type).label}{' '}
        <span className="text-muted-foreground">{t('environments.edit.typeFixed')}</span>
      </p>
      {environment.config === null ? (
        <p className="text-sm text-muted-foreground">{t('environments.edit.noConfigYet')}</p>
      ) : null}
      <ConfigEditor
        type={type}
        state={session.editor}
        errors={edit.errors}
        onChange={(editor) => dispatch({ type: 'editorChanged', editor })}
      />
      {session.showErrors && edit.isBlocked ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('environments.edit.fixBeforeSaving')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          disabled={!edit.isDirty}
          onClick={() => dispatch({ type: 'reviewRequested' })}
        >
          {t('environments.edit.review')}
        </Button>
        <Button disabled={!edit.isDirty} onClick={() => dispatch({ type: 'reset', environment })}>
          {t('environments.edit.discardChanges')}
        </Button>
        <Link
          className="text-sm text-primary hover:underline"
          to={`/environments/${encodeURIComponent(environment.id)}`}
        >
          {t('environments.edit.back')}
        </Link>
        <span role="status" className="text-xs text-muted-foreground">
          {edit.isDirty ? t('environments.edit.unsavedKept') : t('environments.edit.noChanges')}
        </span>
      </div>
      <ReviewChangesDialog
        open={session.isReviewOpen}
        onOpenChange={(open) => (open ? undefined : dispatch({ type: 'reviewClosed' }))}
        environmentId={environment.id}
        nameChange={edit.nameChange}
        changes={edit.changes}
        body={edit.body}
        error={saveError}
        failure={session.failure?.error ?? null}
        isSaving={session.isSaving}
        onSave={() => void edit.save()}
      />
      {session.conflict ? (
        <ConfigConflictDialog
          server={session.conflict}
          mine={{ name: session.name, config: session.editor.config }}
          startedAt={session.baseline.updatedAt}
          isSaving={session.isSaving}
          error={saveError}
          failure={session.failure?.error ?? null}
          onOverwrite={() => void edit.save({ force: true })}
          onUseServer={() => session.conflict && dispatch({ type: 'reset', environment: session.conflict })}
          onReviewAgainstServer={() => dispatch({ type: 'rebasedOnConflict' })}
        />
      ) : null}
    </div>
  )
}
