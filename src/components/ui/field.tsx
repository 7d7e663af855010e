import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** What a Field hands its control, so label, hint and error are wired up the same way everywhere. */
export type FieldControlProps = {
  id: string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

type FieldProps = {
  label: ReactNode
  /** Help under the control, read with it (aria-describedby). */
  hint?: ReactNode
  /** Shown under the control and marks it invalid; omit or pass null/'' when there is none. */
  error?: ReactNode
  /** A stable id when something else must point at the control (tests, a `form` attribute). */
  id?: string
  className?: string
  /** Visually smaller label, for fields nested under another choice. */
  size?: 'default' | 'small'
  children: (control: FieldControlProps) => ReactNode
}

function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode) {
  const generated = useId()
  const controlId = id ?? generated
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
  }
  return { control, hintId, errorId }
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: ReactNode
  hintId?: string | undefined
  error: ReactNode
  errorId?: string | undefined
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} data-slot="field-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} data-slot="field-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  )
}

/**
 * A labelled form control with its hint and error (shadcn's Field composition):
 * `<Field label={nameLabel} error={errors.name}>{(control) => <Input {...control} … />}</Field>`.
 */
export function Field({ label, hint, error, id, className, size = 'default', children }: FieldProps) {
  const { control, hintId, errorId } = useFieldIds(id, hint, error)
  return (
    <div
      data-slot="field"
      data-invalid={error ? true : undefined}
      className={cn('flex flex-col gap-1', className)}
    >
      <label
        htmlFor={control.id}
        data-slot="field-label"
        className={cn('font-medium text-foreground', size === 'small' ? 'text-xs' : 'text-sm')}
      >
        {label}
      </label>
      {children(control)}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}

/** A checkbox or radio with its label beside it, and an optional hint under the label. */
export function ChoiceField({ label, hint, error, id, className, children }: Omit<FieldProps, 'size'>) {
  const { control, hintId, errorId } = useFieldIds(id, hint, error)
  return (
    <div
      data-slot="choice-field"
      data-invalid={error ? true : undefined}
      className={cn('flex items-start gap-2', className)}
    >
      <span className="flex h-5 items-center">{children(control)}</span>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={control.id} data-slot="field-label" className="text-sm text-foreground">
          {label}
        </label>
        <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
      </div>
    </div>
  )
}

/** Several controls answering one question (radio choices, a group of checkboxes). */
export function FieldGroup({
  legend,
  hint,
  className,
  children,
}: {
  legend: ReactNode
  hint?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <fieldset data-slot="field-group" className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-1 text-sm font-medium text-foreground">{legend}</legend>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {children}
    </fieldset>
  )
}
