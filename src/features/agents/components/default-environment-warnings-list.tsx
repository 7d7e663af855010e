import type { DefaultEnvironmentWarning } from '../models/default-environment-warnings'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'

/** Each warning with the actions that fix it; a viewer is told who can. */
export function DefaultEnvironmentWarningsList({
  warnings,
  environmentId,
  isReadOnly,
  onChooseOther,
  onClear,
}: {
  warnings: DefaultEnvironmentWarning[]
  environmentId: string | null
  isReadOnly: boolean
  onChooseOther: () => void
  onClear: () => void
}) {
  const { t } = useT('agents')
  if (warnings.length === 0) return null
  return (
    <ul className="flex flex-col gap-2" aria-label={t('agents.warnings.listLabel')}>
      {warnings.map((warning) => (
        <li key={warning.kind}>
          <Notice tone={warning.tone} title={warning.title}>
            <p>{warning.detail}</p>
            {warning.fixes.length > 0 ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                {isReadOnly && warning.fixes.some((fix) => fix !== 'open_environment') ? (
                  <span className="text-xs text-muted-foreground">{t('agents.warnings.viewerHint')}</span>
                ) : null}
                {!isReadOnly && warning.fixes.includes('choose_other') ? (
                  <Button size="sm" onClick={onChooseOther}>
                    {t('agents.warnings.chooseOther')}
                  </Button>
                ) : null}
                {!isReadOnly && warning.fixes.includes('clear') ? (
                  <Button size="sm" variant="ghost" onClick={onClear}>
                    {t('agents.warnings.clear')}
                  </Button>
                ) : null}
                {warning.fixes.includes('open_environment') && environmentId ? (
                  <Link
                    className="text-sm text-primary underline underline-offset-4"
                    to={`/environments/${encodeURIComponent(environmentId)}`}
                  >
                    {t('agents.warnings.openEnvironment')}
                  </Link>
                ) : null}
              </div>
            ) : null}
          </Notice>
        </li>
      ))}
    </ul>
  )
}
