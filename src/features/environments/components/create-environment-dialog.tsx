import { useId, useState, type FormEvent } from 'react'
import { createEnvironment, type IssuedKey } from '../api/actions'
import { ConfigEditor } from './config-editor'
import { CopyCurlButton } from './curl-scope'
import { describedBy, FieldMessages } from './field-messages'
import { createEditorState, type ConfigEditorState } from '../models/config-editor-state'
import { environmentTypeInfo, type EnvironmentType } from '../models/environment-types'
import { explainEnvironmentError, isLocalDisabledError } from '../models/explain-environment-error'
import { hasErrors, validateEnvironment } from '../models/validate-environment'
import { useLocalPolicyStore } from '../stores/local-policy-store'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Input, Label, Select } from '@/components/ui/input'

const TYPES: EnvironmentType[] = ['self_hosted', 'sandbox', 'remote', 'local']

const LOCAL_DISABLED_REASON =
  'Not allowed here: this deployment refused a local environment (an administrator enables them with BUILDER_ALLOW_LOCAL_ENVIRONMENT).'

export function CreateEnvironmentDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (issued: IssuedKey) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create environment"
        description="Choose where agents' file and shell tools run. The type cannot be changed later."
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
  const id = useId()
  const [name, setName] = useState('')
  const [type, setType] = useState<EnvironmentType>('self_hosted')
  const [editor, setEditor] = useState<ConfigEditorState>(() => createEditorState({}))
  const [hasSubmitted, setHasSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [isPending, setIsPending] = useState(false)
  const isLocalDisabled = useLocalPolicyStore((state) => state.isLocalDisabled)
  const markLocalDisabled = useLocalPolicyStore((state) => state.markLocalDisabled)

  const errors = validateEnvironment({ name, type, config: editor.config })
  const shownErrors = hasSubmitted ? errors : {}
  const body = { name: name.trim(), type, config: editor.config }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setHasSubmitted(true)
    setServerError(null)
    if (hasErrors(errors) || editor.jsonError) return
    setIsPending(true)
    try {
      onCreated(await createEnvironment(body))
    } catch (error) {
      if (isLocalDisabledError(error)) markLocalDisabled()
      setServerError(explainEnvironmentError(error, 'create'))
    } finally {
      setIsPending(false)
    }
  }

  const info = environmentTypeInfo[type]
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>Name</Label>
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
        <Label htmlFor={`${id}-type`}>Type</Label>
        <Select
          id={`${id}-type`}
          className="w-full"
          value={type}
          aria-describedby={`${id}-type-help`}
          onChange={(event) => setType(event.target.value as EnvironmentType)}
        >
          {TYPES.map((option) => (
            <option key={option} value={option} disabled={option === 'local' && isLocalDisabled}>
              {environmentTypeInfo[option].label}
              {option === 'local' && isLocalDisabled ? ' — not allowed by this deployment' : ''}
            </option>
          ))}
        </Select>
        <p id={`${id}-type-help`} className="text-xs text-muted-foreground">
          {info.summary} {info.hasShell ? '' : 'Command tools fail here. '}Fixed after create.
          {isLocalDisabled ? ` Local: ${LOCAL_DISABLED_REASON}` : ''}
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
          Fix the fields marked above before creating.
        </p>
      ) : null}
      {serverError ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {serverError}
        </p>
      ) : null}
      <DialogFooter className="items-center">
        <span className="mr-auto">
          <CopyCurlButton request={{ action: 'create', body }} />
        </span>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={isPending}>
          {isPending ? 'Creating…' : 'Create environment'}
        </Button>
      </DialogFooter>
    </form>
  )
}
