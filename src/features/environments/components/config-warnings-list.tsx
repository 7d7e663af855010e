import type { ConfigWarning } from '../models/config-warnings'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'

export function ConfigWarningsList({ warnings }: { warnings: ConfigWarning[] }) {
  const { t } = useT('environments')
  if (warnings.length === 0) return null
  return (
    <ul className="flex flex-col gap-2" aria-label={t('environments.warnings.label')}>
      {warnings.map((warning) => (
        <li key={warning.id}>
          <Notice tone={warning.tone}>
            <span className="font-semibold">
              {warning.tone === 'warning'
                ? t('environments.warnings.warningPrefix')
                : t('environments.warnings.notePrefix')}
            </span>
            {warning.message}
          </Notice>
        </li>
      ))}
    </ul>
  )
}
