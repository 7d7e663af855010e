import { FieldMessages } from './field-messages'
import { MEMORY_ACCESS_MODES, type ConfigObject } from '../models/config-fields'
import { readMemoryAccess, setMemoryAccess, type MemoryAccessRow } from '../models/edit-config'
import type { components } from '@/api/schema.gen'
import { Button } from '@/components/ui/button'
import { Label, Select } from '@/components/ui/input'
import { useT } from '@/i18n'

type MemoryStore = components['schemas']['MemoryStore']

/** The config key itself, shown in code font next to its label. */
const CONFIG_KEY = 'memoryAccess'

/** config.memoryAccess: store id → read_only | read_write, picked from the memory stores in scope. */
export function MemoryAccessEditor({
  idBase,
  config,
  error,
  memoryStores,
  onChange,
}: {
  idBase: string
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
    <fieldset
      className="flex flex-col gap-2 rounded-md border border-border p-3"
      aria-describedby={`${idBase}-help`}
    >
      <legend className="px-1 text-sm font-medium">
        {t('environments.memory.legend')}{' '}
        <span className="font-mono text-xs font-normal text-muted-foreground">{CONFIG_KEY}</span>
      </legend>
      <FieldMessages id={idBase} help={t('environments.memory.readOnlyNote')} error={error} />
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
              return (
                <li key={`${index}-${row.storeId}`} className="flex flex-wrap items-end gap-2">
                  <div className="flex min-w-48 flex-1 flex-col gap-1">
                    <Label htmlFor={`${idBase}-store-${index}`} className="text-xs">
                      {t('environments.memory.storeLabel', { label })}
                    </Label>
                    <Select
                      id={`${idBase}-store-${index}`}
                      className="w-full"
                      value={row.storeId}
                      onChange={(event) =>
                        write(
                          rows.map((item, i) =>
                            i === index ? { ...item, storeId: event.target.value } : item,
                          ),
                        )
                      }
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
                  </div>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`${idBase}-access-${index}`} className="text-xs">
                      {t('environments.memory.accessLabel', { label })}
                    </Label>
                    <Select
                      id={`${idBase}-access-${index}`}
                      value={row.access}
                      onChange={(event) =>
                        write(
                          rows.map((item, i) =>
                            i === index ? { ...item, access: event.target.value } : item,
                          ),
                        )
                      }
                    >
                      {MEMORY_ACCESS_MODES.map((mode) => (
                        <option key={mode} value={mode}>
                          {mode}
                        </option>
                      ))}
                      {(MEMORY_ACCESS_MODES as readonly string[]).includes(row.access) ? null : (
                        <option value={row.access}>
                          {t('environments.memory.unknownAccess', { access: row.access })}
                        </option>
                      )}
                    </Select>
                  </div>
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
    </fieldset>
  )
}
