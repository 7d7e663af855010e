import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { ChoiceField, FieldGroup } from '@/components/ui/field'
import { useT } from '@/i18n'

export type ChecklistItem = { id: string; name: string; detail?: string | null | undefined }

/**
 * A multi-select as a group of checkboxes. Selected ids that are not among the items (deleted,
 * hidden) stay listed, checked, so the user can see and remove them.
 */
export function ResourceChecklist({
  legend,
  description,
  items,
  selected,
  isReadOnly,
  emptyText,
  loadError,
  onRetry,
  onChange,
}: {
  legend: string
  description: string
  /** undefined while the choices load. */
  items: ChecklistItem[] | undefined
  selected: string[]
  isReadOnly: boolean
  emptyText: string
  /** Why the choices could not be loaded; the selected ids are still shown. */
  loadError: string | null
  onRetry: () => void
  onChange: (ids: string[]) => void
}) {
  const { t } = useT('agents')
  const baseId = useId()
  const known = items ?? []
  const unknown = selected.filter((id) => !known.some((item) => item.id === id))
  const unknownDetail = items ? t('agents.checklist.unknownItem') : null
  const rows: ChecklistItem[] = [...known, ...unknown.map((id) => ({ id, name: id, detail: unknownDetail }))]

  function toggle(id: string, isChecked: boolean) {
    onChange(
      isChecked
        ? [...selected.filter((other) => other !== id), id]
        : selected.filter((other) => other !== id),
    )
  }

  return (
    <FieldGroup legend={legend} hint={description}>
      {loadError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('agents.checklist.loadError', { error: loadError })}{' '}
          <Button variant="link" size="inline" className="underline" onClick={onRetry}>
            {t('agents.checklist.tryAgain')}
          </Button>
        </p>
      ) : !items ? (
        <p className="text-sm text-muted-foreground">{t('agents.checklist.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : null}
      <ul className="flex flex-col gap-1">
        {rows.map((item, index) => {
          return (
            <li key={item.id}>
              <ChoiceField
                id={`${baseId}-${index}`}
                label={
                  <>
                    <span className="font-medium break-words">{item.name}</span>{' '}
                    <span className="font-mono text-xs text-muted-foreground">{item.id}</span>
                  </>
                }
                hint={item.detail ? <span className="break-words">{item.detail}</span> : null}
              >
                {(control) => (
                  <input
                    {...control}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={selected.includes(item.id)}
                    disabled={isReadOnly}
                    onChange={(event) => toggle(item.id, event.target.checked)}
                  />
                )}
              </ChoiceField>
            </li>
          )
        })}
      </ul>
    </FieldGroup>
  )
}
