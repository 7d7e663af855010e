import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { namespacesQuery, scopeQuery } from '@/data/identity/queries'
import { useScopeStore } from '../stores/scope-store'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { t, useT } from '@/i18n'

/**
 * Picks the namespace every management call is scoped to. The first visit takes the server's
 * default scope; a switch is reported through `onSwitch` so the app can drop cached data.
 */
/** A namespace's name with its kind in words; a kind this console does not know shows as sent. */
function namespaceOptionText(name: string, kind: string | undefined): string {
  const shown = markInvisibleCharacters(name)
  if (!kind) return shown
  const kindText =
    kind === 'personal'
      ? t('identity.namespace.kinds.personal')
      : kind === 'shared'
        ? t('identity.namespace.kinds.shared')
        : kind === 'global'
          ? t('identity.namespace.kinds.global')
          : kind
  return t('identity.namespace.withKind', { name: shown, kind: kindText })
}

export function NamespaceSelect({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useT('identity')
  const { tenant, namespace, setScope } = useScopeStore()
  const scope = useQuery(scopeQuery())
  const namespaces = useQuery(namespacesQuery())

  useEffect(() => {
    const items = namespaces.data
    if (!items || !scope.data) return
    const isKnown = items.some((item) => item.name === namespace)
    if (!namespace || !isKnown) {
      setScope({ tenant: scope.data.tenant ?? items[0]?.tenant ?? null, namespace: scope.data.namespace })
      // Calls made before this carried no namespace, so the server already answered them in this
      // default scope: only a remembered namespace that no longer exists makes cached data wrong.
      if (namespace) onSwitch()
    }
  }, [namespaces.data, scope.data, namespace, setScope, onSwitch])

  if (namespaces.isPending)
    return <span className="text-sm text-muted-foreground">{t('identity.namespace.loading')}</span>
  if (namespaces.isError)
    return <span className="text-sm text-destructive">{t('identity.namespace.unavailable')}</span>

  return (
    <Field label={t('identity.namespace.label')} orientation="horizontal">
      {(control) => (
        <Select
          {...control}
          value={namespace ?? ''}
          onChange={(event) => {
            const next = namespaces.data.find((item) => item.name === event.target.value)
            if (!next || next.name === namespace) return
            setScope({ tenant: next.tenant ?? tenant, namespace: next.name })
            onSwitch()
          }}
        >
          {namespaces.data.map((item) => (
            <option key={`${item.tenant ?? ''}/${item.name}`} value={item.name}>
              {namespaceOptionText(item.displayName ?? item.name, item.kind)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}
