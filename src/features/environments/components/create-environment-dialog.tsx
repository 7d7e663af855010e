import { useId, useState, type FormEvent } from 'react'
import { createEnvironment, type IssuedKey } from '@/data/environments/issue-key'
import { ConfigEditor } from './config-editor'
import { CopyCurlButton } from './curl-scope'
import { describedBy, FieldMessages } from './field-messages'
import { createEditorState, type ConfigEditorState } from '../models/config-editor-state'
import { environmentTypeInfo, type EnvironmentType } from '../models/environment-types'
import { explainEnvironmentError, isLocalDisabledError } from '../models/explain-environment-error'
import { hasErrors, validateEnvironment } from '../models/validate-environment'
import { useLocalPolicyStore } from '../stores/local-policy-store'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Input, Label, Select } from '@/components/ui/input'
import { useT } from '@/i18n'

const TYPES: EnvironmentType[] = ['self_hosted', 'sandbox', 'remote', 'local']

export function CreateEnvironmentDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (issued: IssuedKey) => void
}) {
  const { t } = useT('environments')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('environments.create.title')}
        description={t('environments.create.description')}
        className="w-[min(94vw,44rem)]!"
      >
        {/* Mounted only while open, so every opening starts from an empty form. */}
        {open ? <CreateEnvironmentForm onCancel={() => onOpenChange(false)} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function CreateEnvironmentForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void
  onCreated: (issued: IssuedKey) => void
}) {
  const { t } = useT('environments')
  const id = useId()
  const [name, setName] = useState('')
  const [type, setType] = useState<EnvironmentType>('self_hosted')
  const [editor, setEditor] = useState<ConfigEditorState>(() => createEditorState({}))
  const [hasSubmitted, setHasSubmitted] = useState(false)
  // The error itself, explained at render time, so the message follows a language switch.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  const [isPending, setIsPending] = useState(false)
  const isLocalDisabled = useLocalPolicyStore((state) => state.isLocalDisabled)
  const markLocalDisabled = useLocalPolicyStore((state) => state.markLocalDisabled)

  const errors = validateEnvironment({ name, type, config: editor.config })
  const shownErrors = hasSubmitted ? errors : {}
  const body = { name: name.trim(), type, config: editor.config }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setHasSubmitted(true)
    setFailure(null)
    if (hasErrors(errors) || editor.jsonError) return
    setIsPending(true)
    try {
      onCreated(await createEnvironment(body))
    } catch (error) {
      if (isLocalDisabledError(error)) markLocalDisabled()
      setFailure({ error })
    } finally {
      setIsPending(false)
    }
  }

  const info = environmentTypeInfo(type)
  const serverError = failure ? explainEnvironmentError(failure.error, 'create') : null
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>{t('environments.form.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          autoComplete="off"
          aria-invalid={shownErrors.name ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, false, shownErrors.name)}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldMessages id={`${id}-name`} error={shownErrors.name} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-type`}>{t('environments.form.type')}</Label>
        <Select
          id={`${id}-type`}
          className="w-full"
          value={type}
          aria-describedby={`${id}-type-help`}
          onChange={(event) => setType(event.target.value as EnvironmentType)}
        >
          {TYPES.map((option) => (
            <option key={option} value={option} disabled={option === 'local' && isLocalDisabled}>
              {option === 'local' && isLocalDisabled
                ? t('environments.create.localNotAllowed', { label: environmentTypeInfo(option).label })
                : environmentTypeInfo(option).label}
            </option>
          ))}
        </Select>
        <p id={`${id}-type-help`} className="text-xs text-muted-foreground">
          {info.summary}{' '}
          {info.hasShell ? t('environments.create.typeFixed') : t('environments.create.typeFixedNoShell')}
          {isLocalDisabled ? ` ${t('environments.create.localDisabledReason')}` : ''}
        </p>
      </div>
      <ConfigEditor
        idBase={`${id}-config`}
        type={type}
        state={editor}
        errors={shownErrors}
        onChange={setEditor}
      />
      {hasSubmitted && (hasErrors(errors) || editor.jsonError) ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('environments.create.fixBeforeCreating')}
        </p>
      ) : null}
      {failure && serverError ? <FailureNotice error={failure.error} message={serverError} /> : null}
      <DialogFooter className="items-center">
        <span className="mr-auto">
          <CopyCurlButton request={{ action: 'create', body }} />
        </span>
        <Button onClick={onCancel}>{t('environments.common.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={isPending}>
          {isPending ? t('environments.create.creating') : t('environments.create.submit')}
        </Button>
      </DialogFooter>
    </form>
  )
}
