import type { ConfigChange } from '../models/config-diff'
import { maskConfigSecrets } from '../models/mask-config-secrets'
import { useT } from '@/i18n'

function show(value: unknown, key: string): string {
  return JSON.stringify(maskConfigSecrets(value, key)) ?? 'undefined'
}

/** Key-by-key changes, secrets masked; values always render as text. */
export function ConfigDiffView({ changes, label }: { changes: ConfigChange[]; label: string }) {
  const { t } = useT('environments')
  const labels: Record<ConfigChange['change'], string> = {
    added: t('environments.diff.added'),
    removed: t('environments.diff.removed'),
    changed: t('environments.diff.changed'),
  }
  if (changes.length === 0)
    return <p className="text-sm text-muted-foreground">{t('environments.diff.none')}</p>
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-left font-mono text-xs">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted font-sans text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-1">
              {t('environments.diff.key')}
            </th>
            <th scope="col" className="px-2 py-1">
              {t('environments.diff.change')}
            </th>
            <th scope="col" className="px-2 py-1">
              {t('environments.diff.before')}
            </th>
            <th scope="col" className="px-2 py-1">
              {t('environments.diff.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path} className="border-t border-border align-top">
              <th scope="row" className="px-2 py-1 font-medium break-all">
                {change.path}
              </th>
              <td className="px-2 py-1 font-sans">{labels[change.change]}</td>
              <td className="px-2 py-1 break-all text-destructive">
                {change.change === 'added' ? '—' : <del>{show(change.before, change.key)}</del>}
              </td>
              <td className="px-2 py-1 break-all text-success">
                {change.change === 'removed' ? (
                  '—'
                ) : (
                  <ins className="no-underline">{show(change.after, change.key)}</ins>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
