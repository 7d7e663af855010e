import { MEMORY_ACCESS_MODES, type ConfigObject } from '../models/config-fields'
import { readMemoryAccess, setMemoryAccess, type MemoryAccessRow } from '../models/edit-config'
import { Button } from '@/components/ui/button'
import { Field, FieldGroup } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import type { MemoryStore } from '@/data/memory-stores/queries'
import { useT } from '@/i18n'

/** The config key itself, shown in code font next to its label. */
const CONFIG_KEY = 'memoryAccess'

const isMode = (access: string) => (MEMORY_ACCESS_MODES as readonly string[]).includes(access)

/**
 * config.memoryAccess: store id → read_only | read_write, picked from the memory stores in scope.
 * The server refuses any other value (400, api-notes C8), so only those two can be chosen; a
 * stored value that is neither is shown, marked, until the user picks one.
 */
export function MemoryAccessEditor({
  config,
  error,
  memoryStores,
  onChange,
}: {
  config: ConfigObject
  error: string | undefined
  memoryStores: MemoryStore[] | undefined
  onChange: (config: ConfigObject) => void
}) {
  const { t } = useT('environments')
  const rows = readMemoryAccess(config)
  const nameOf = (storeId: string) => memoryStores?.find((store) => store.id === storeId)?.name ?? storeId
  const write = (next: MemoryAccessRow[]) => onChange(setMemoryAccess(config, next))

  return (
    <FieldGroup
      className="rounded-md border border-border p-3"
      legend={
        <span className="px-1">
          {t('environments.memory.legend')}{' '}
          <span className="font-mono text-xs font-normal text-muted-foreground">{CONFIG_KEY}</span>
        </span>
      }
      hint={t('environments.memory.readOnlyNote')}
      error={error}
    >
      {rows === null ? (
        <p className="text-sm text-warning">{t('environments.memory.notAnObject')}</p>
      ) : (
        <>
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('environments.memory.none')}</p>
          ) : null}
          <ul className="flex flex-col gap-2">
            {rows.map((row, index) => {
              const used = new Set(rows.filter((_, other) => other !== index).map((other) => other.storeId))
              const known = memoryStores?.some((store) => store.id === row.storeId) ?? false
              const label = row.storeId
                ? nameOf(row.storeId)
                : t('environments.memory.row', { number: index + 1 })
              const update = (change: Partial<MemoryAccessRow>) =>
                write(rows.map((item, i) => (i === index ? { ...item, ...change } : item)))
              return (
                <li key={`${index}-${row.storeId}`} className="flex flex-wrap items-end gap-2">
                  <Field
                    className="min-w-48 flex-1"
                    size="small"
                    label={t('environments.memory.storeLabel', { label })}
                  >
                    {(control) => (
                      <Select
                        {...control}
                        className="w-full"
                        value={row.storeId}
                        onChange={(event) => update({ storeId: event.target.value })}
                      >
                        <option value="">{t('environments.memory.chooseStore')}</option>
                        {row.storeId && !known ? (
                          <option value={row.storeId}>
                            {t('environments.memory.notInList', { storeId: row.storeId })}
                          </option>
                        ) : null}
                        {memoryStores?.map((store) => (
                          <option key={store.id} value={store.id} disabled={used.has(store.id)}>
                            {store.name} ({store.id})
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field size="small" label={t('environments.memory.accessLabel', { label })}>
                    {(control) => (
                      <Select
                        {...control}
                        value={row.access}
                        aria-invalid={isMode(row.access) ? control['aria-invalid'] : true}
                        onChange={(event) => update({ access: event.target.value })}
                      >
                        {isMode(row.access) ? null : (
                          <option value={row.access} disabled>
                            {t('environments.memory.invalidAccess', { access: row.access })}
                          </option>
                        )}
                        {MEMORY_ACCESS_MODES.map((mode) => (
                          <option key={mode} value={mode}>
                            {mode}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Button size="sm" variant="ghost" onClick={() => write(rows.filter((_, i) => i !== index))}>
                    {t('environments.memory.remove', { label })}
                  </Button>
                </li>
              )
            })}
          </ul>
          <div>
            <Button
              size="sm"
              disabled={rows.some((row) => !row.storeId)}
              onClick={() => write([...rows, { storeId: '', access: 'read_only' }])}
            >
              {t('environments.memory.add')}
            </Button>
            {memoryStores === undefined ? (
              <span className="ml-2 text-xs text-muted-foreground">{t('environments.memory.loading')}</span>
            ) : null}
          </div>
        </>
      )}
    </FieldGroup>
  )
}
