import { useId } from 'react'
import {
  ENVIRONMENT_SORTS,
  environmentSortLabel,
  type EnvironmentListView,
  type EnvironmentSort,
} from '../models/environment-list-params'
import { ENVIRONMENT_TYPES, environmentTypeInfo, isEnvironmentType } from '../models/environment-types'
import { Input, Label, Select } from '@/components/ui/input'
import { useT } from '@/i18n'

export function EnvironmentsToolbar({
  view,
  onChange,
}: {
  view: EnvironmentListView
  onChange: (next: Partial<EnvironmentListView>) => void
}) {
  const { t } = useT('environments')
  const id = useId()
  return (
    <div
      role="search"
      aria-label={t('environments.toolbar.label')}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-60 flex-1 flex-col gap-1">
        <Label htmlFor={`${id}-q`}>{t('environments.toolbar.search')}</Label>
        <Input
          id={`${id}-q`}
          type="search"
          placeholder={t('environments.toolbar.searchPlaceholder')}
          value={view.q}
          onChange={(event) => onChange({ q: event.target.value, page: 1 })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-type`}>{t('environments.form.type')}</Label>
        <Select
          id={`${id}-type`}
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
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-sort`}>{t('environments.toolbar.sort')}</Label>
        <Select
          id={`${id}-sort`}
          value={view.sort}
          onChange={(event) => onChange({ sort: event.target.value as EnvironmentSort, page: 1 })}
        >
          {ENVIRONMENT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {environmentSortLabel(sort)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  )
}
