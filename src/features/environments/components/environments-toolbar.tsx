import { useId } from 'react'
import {
  ENVIRONMENT_SORTS,
  type EnvironmentListView,
  type EnvironmentSort,
} from '../models/environment-list-params'
import { environmentTypeInfo, isEnvironmentType, type EnvironmentType } from '../models/environment-types'
import { Input, Label, Select } from '@/components/ui/input'

export function EnvironmentsToolbar({
  view,
  onChange,
}: {
  view: EnvironmentListView
  onChange: (next: Partial<EnvironmentListView>) => void
}) {
  const id = useId()
  return (
    <div role="search" aria-label="Filter environments" className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-60 flex-1 flex-col gap-1">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <Input
          id={`${id}-q`}
          type="search"
          placeholder="Name or id"
          value={view.q}
          onChange={(event) => onChange({ q: event.target.value, page: 1 })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <Select
          id={`${id}-type`}
          value={view.type ?? ''}
          onChange={(event) => {
            const value = event.target.value
            onChange({ type: isEnvironmentType(value) ? value : null, page: 1 })
          }}
        >
          <option value="">All types</option>
          {(Object.keys(environmentTypeInfo) as EnvironmentType[]).map((type) => (
            <option key={type} value={type}>
              {environmentTypeInfo[type].label}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-sort`}>Sort</Label>
        <Select
          id={`${id}-sort`}
          value={view.sort}
          onChange={(event) => onChange({ sort: event.target.value as EnvironmentSort, page: 1 })}
        >
          {(Object.keys(ENVIRONMENT_SORTS) as EnvironmentSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {ENVIRONMENT_SORTS[sort]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  )
}
