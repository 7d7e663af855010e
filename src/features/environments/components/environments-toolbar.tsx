import {
  ENVIRONMENT_SORTS,
  environmentSortLabel,
  type EnvironmentListView,
  type EnvironmentSort,
} from '../models/environment-list-params'
import { ENVIRONMENT_TYPES, environmentTypeInfo, isEnvironmentType } from '../models/environment-types'
import { Field } from '@/components/ui/field'
import { Input, Select } from '@/components/ui/input'
import { useT } from '@/i18n'

const isSort = (value: string): value is EnvironmentSort =>
  (ENVIRONMENT_SORTS as readonly string[]).includes(value)

export function EnvironmentsToolbar({
  view,
  onChange,
}: {
  view: EnvironmentListView
  onChange: (next: Partial<EnvironmentListView>) => void
}) {
  const { t } = useT('environments')
  return (
    <div
      role="search"
      aria-label={t('environments.toolbar.label')}
      className="flex flex-wrap items-end gap-3"
    >
      <Field label={t('environments.toolbar.search')} className="min-w-60 flex-1">
        {(control) => (
          <Input
            {...control}
            type="search"
            placeholder={t('environments.toolbar.searchPlaceholder')}
            value={view.q}
            onChange={(event) => onChange({ q: event.target.value, page: 1 })}
          />
        )}
      </Field>
      <Field label={t('environments.form.type')}>
        {(control) => (
          <Select
            {...control}
            value={view.type ?? ''}
            onChange={(event) => {
              const value = event.target.value
              onChange({ type: isEnvironmentType(value) ? value : null, page: 1 })
            }}
          >
            <option value="">{t('environments.toolbar.allTypes')}</option>
            {ENVIRONMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {environmentTypeInfo(type).label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('environments.toolbar.sort')}>
        {(control) => (
          <Select
            {...control}
            value={view.sort}
            onChange={(event) => {
              const value = event.target.value
              if (isSort(value)) onChange({ sort: value, page: 1 })
            }}
          >
            {ENVIRONMENT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {environmentSortLabel(sort)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  )
}
