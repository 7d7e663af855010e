import { useState, type FormEvent } from 'react'
import type { IssuedKey } from '@/data/environments/issue-key'
import { useCreateEnvironment } from '@/data/environments/mutations'
import { ConfigEditor } from './config-editor'
import { CopyCurlButton } from './curl-scope'
import { createEditorState, type ConfigEditorState } from '../models/config-editor-state'
import { environmentTypeInfo, isEnvironmentType, type EnvironmentType } from '../models/environment-types'
import { explainEnvironmentError, isLocalDisabledError } from '../models/explain-environment-error'
import { hasErrors, validateEnvironment } from '../models/validate-environment'
import { useLocalPolicyStore } from '../stores/local-policy-store'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input, Select } from '@/components/ui/input'
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
  const [name, setName] = useState('')
  const [type, setType] = useState<EnvironmentType>('self_hosted')
  const [editor, setEditor] = useState<ConfigEditorState>(() => createEditorState({}))
  const [hasSubmitted, setHasSubmitted] = useState(false)
  // The error itself, explained at render time, so the message follows a language switch.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  const create = useCreateEnvironment()
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
    try {
      onCreated(await create.mutateAsync(body))
    } catch (error) {
      if (isLocalDisabledError(error)) markLocalDisabled()
      setFailure({ error })
    }
  }

  const info = environmentTypeInfo(type)
  const serverError = failure ? explainEnvironmentError(failure.error, 'create') : null
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Field label={t('environments.form.name')} error={shownErrors.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('environments.form.type')}
        hint={
          <>
            {info.summary}{' '}
            {info.hasShell ? t('environments.create.typeFixed') : t('environments.create.typeFixedNoShell')}
            {isLocalDisabled ? ` ${t('environments.create.localDisabledReason')}` : ''}
          </>
        }
      >
        {(control) => (
          <Select
            {...control}
            className="w-full"
            value={type}
            onChange={(event) => {
              const next = event.target.value
              if (isEnvironmentType(next)) setType(next)
            }}
          >
            {TYPES.map((option) => (
              <option key={option} value={option} disabled={option === 'local' && isLocalDisabled}>
                {option === 'local' && isLocalDisabled
                  ? t('environments.create.localNotAllowed', { label: environmentTypeInfo(option).label })
                  : environmentTypeInfo(option).label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <ConfigEditor type={type} state={editor} errors={shownErrors} onChange={setEditor} />
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
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? t('environments.create.creating') : t('environments.create.submit')}
        </Button>
      </DialogFooter>
    </form>
  )
}
