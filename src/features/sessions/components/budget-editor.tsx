import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldGroup } from '@/components/ui/field'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Input } from '@/components/ui/input'
import { Notice } from '@/components/ui/notice'
import { isBudgetConflict, useSetBudget } from '@/data/sessions/budget'
import type { Budget } from '@/data/sessions/decode-budget'
import { useT } from '@/i18n'
import {
  formValuesOf,
  validateBudgetForm,
  type BudgetFieldError,
  type BudgetFormValues,
} from '../models/budget-form'
import { limitsText } from './budget-text'

type ConfigT = ReturnType<typeof useT>['t']

function fieldError(t: ConfigT, error: BudgetFieldError | undefined): string | null {
  switch (error) {
    case undefined:
      return null
    case 'not_number':
      return t('sessions.budget.editor.errors.not_number')
    case 'not_whole':
      return t('sessions.budget.editor.errors.not_whole')
    case 'not_positive':
      return t('sessions.budget.editor.errors.not_positive')
    case 'cost_needs_currency':
      return t('sessions.budget.editor.errors.cost_needs_currency')
    case 'currency_format':
      return t('sessions.budget.editor.errors.currency_format')
    case 'currency_without_cost':
      return t('sessions.budget.editor.errors.currency_without_cost')
  }
}

/**
 * The budget's limits as a form. PUT replaces every limit and upstream checks no version, so the
 * form says both, and the write reads the ledger again first: limits changed since they were shown
 * come back as a conflict (nothing written) with the current ones to review.
 */
export function BudgetEditor({
  sessionId,
  budget,
  canWrite,
}: {
  sessionId: string
  budget: Budget
  canWrite: boolean
}) {
  const { t } = useT('sessions:budget')
  // What the form was filled from: the write compares a fresh read with it.
  const [seen, setSeen] = useState<Budget>(budget)
  const [values, setValues] = useState<BudgetFormValues>(() => formValuesOf(budget.limits))
  const [isSubmitted, setIsSubmitted] = useState(false)
  const save = useSetBudget(sessionId, {
    onSuccess: (saved) => setSeen(saved),
  })
  const checked = validateBudgetForm(values)
  const conflict = isBudgetConflict(save.error) ? save.error : null
  const errors = isSubmitted && checked.errors ? checked.errors : {}
  const set = (key: keyof BudgetFormValues) => (event: { target: { value: string } }) => {
    save.reset()
    setValues((current) => ({ ...current, [key]: event.target.value }))
  }
  const reloadCurrent = (current: Budget) => {
    save.reset()
    setSeen(current)
    setValues(formValuesOf(current.limits))
    setIsSubmitted(false)
  }

  return (
    <form
      className="flex flex-col gap-3"
      aria-label={t('sessions.budget.editor.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setIsSubmitted(true)
        if (checked.limits) save.mutate({ limits: checked.limits, seen })
      }}
    >
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        <li>{t('sessions.budget.editor.replaces', { empty: '{}' })}</li>
        <li>{t('sessions.budget.editor.noVersionCheck')}</li>
      </ul>
      <FieldGroup legend={t('sessions.budget.editor.title')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              [
                'modelCalls',
                t('sessions.budget.editor.modelCalls'),
                t('sessions.budget.editor.emptyHint'),
                'numeric',
              ],
              [
                'totalTokens',
                t('sessions.budget.editor.tokens'),
                t('sessions.budget.editor.emptyHint'),
                'numeric',
              ],
              ['cost', t('sessions.budget.editor.cost'), t('sessions.budget.editor.emptyHint'), 'decimal'],
              [
                'currency',
                t('sessions.budget.editor.currency'),
                t('sessions.budget.editor.currencyHint'),
                'text',
              ],
            ] as const
          ).map(([key, label, hint, inputMode]) => (
            <Field key={key} label={label} hint={hint} error={fieldError(t, errors[key])}>
              {(control) => (
                <Input
                  {...control}
                  inputMode={inputMode}
                  value={values[key]}
                  onChange={set(key)}
                  disabled={!canWrite}
                  {...(key === 'currency' ? { autoCapitalize: 'characters', maxLength: 8 } : {})}
                />
              )}
            </Field>
          ))}
        </div>
      </FieldGroup>
      {conflict ? (
        <Notice tone="warning" role="alert" title={t('sessions.budget.editor.conflict.title')}>
          <p>
            {t('sessions.budget.editor.conflict.body', {
              seen: conflict.seen.revision,
              current: conflict.current.revision,
              limits: limitsText(conflict.current.limits),
            })}
          </p>
          <Button className="mt-2" size="sm" onClick={() => reloadCurrent(conflict.current)}>
            {t('sessions.budget.editor.conflict.reload')}
          </Button>
        </Notice>
      ) : save.isError ? (
        <FailureNotice error={save.error} />
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-success">
          {t('sessions.budget.editor.saved', { revision: save.data.revision })}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" disabled={!canWrite || save.isPending}>
          {save.isPending ? t('sessions.budget.editor.saving') : t('sessions.budget.editor.save')}
        </Button>
      </div>
    </form>
  )
}
