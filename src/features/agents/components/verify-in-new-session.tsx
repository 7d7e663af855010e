import { useId, useState } from 'react'
import { useEnvironmentCheckInNewSession } from '@/data/sessions/mutations'
import { useEnvironmentChoices } from '../hooks/use-environment-choices'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { environmentTypeLabel } from '@/lib/environment-type-label'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { useT } from '@/i18n'

const AGENT_DEFAULT = ''

/**
 * After a tools save: an existing session keeps its pinned definition, so the change is verified in
 * a new session, in the agent's default environment or one the operator picks, by sending the
 * environment check there.
 */
export function VerifyInNewSession({
  agentId,
  version,
  defaultEnvironmentId,
}: {
  agentId: string
  /** The version just saved, which a new session pins. */
  version: number
  defaultEnvironmentId: string | null
}) {
  const { t } = useT('agents', 'agents:verify')
  const id = useId()
  const { choices } = useEnvironmentChoices()
  const [environmentId, setEnvironmentId] = useState(AGENT_DEFAULT)
  const start = useEnvironmentCheckInNewSession()
  const defaultName =
    choices?.find((choice) => choice.environment.id === defaultEnvironmentId)?.environment.name ??
    defaultEnvironmentId
  const result = start.data
  const sessionHref = result ? `/sessions/${encodeURIComponent(result.session.id)}` : null
  const canStart = defaultEnvironmentId !== null || environmentId !== AGENT_DEFAULT
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-md border border-border p-3"
    >
      <h3 id={`${id}-title`} className="font-medium">
        {t('agents.verify.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('agents.verify.intro', { version })}</p>
      <Field id={`${id}-environment`} label={t('agents.verify.environment')}>
        {(control) => (
          <Select
            {...control}
            className="w-full max-w-xl"
            value={environmentId}
            disabled={start.isPending}
            onChange={(event) => setEnvironmentId(event.target.value)}
          >
            <option value={AGENT_DEFAULT}>
              {defaultName
                ? t('agents.verify.agentDefault', { environment: markInvisibleCharacters(defaultName) })
                : t('agents.verify.noDefault')}
            </option>
            {(choices ?? []).map((choice) => (
              <option key={choice.environment.id} value={choice.environment.id}>
                {`${markInvisibleCharacters(choice.environment.name)} · ${environmentTypeLabel(choice.environment.type)}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div>
        <Button
          disabled={!canStart || start.isPending}
          onClick={() =>
            start.mutate({ agentId, environmentId: environmentId === AGENT_DEFAULT ? null : environmentId })
          }
        >
          {start.isPending ? t('agents.verify.starting') : t('agents.verify.start')}
        </Button>
      </div>
      {start.error ? (
        <FailureNotice
          error={start.error}
          message={t('agents.verify.notCreated', { error: start.errorMessage })}
        >
          <Link
            className="text-primary hover:underline"
            to={`/sessions?agentId=${encodeURIComponent(agentId)}`}
          >
            {t('agents.verify.checkList')}
          </Link>
        </FailureNotice>
      ) : null}
      {/* Always rendered, so the outcome is announced when it appears. */}
      <div role="status">
        {result && sessionHref ? (
          result.turnError ? (
            <Notice tone="warning">
              <p>{t('agents.verify.turnNotSent', { session: result.session.id })}</p>
              <Link className="text-primary hover:underline" to={sessionHref}>
                {t('agents.verify.open', { session: result.session.id })}
              </Link>
            </Notice>
          ) : (
            <p className="text-sm">
              {t('agents.verify.started', { session: result.session.id, version })}{' '}
              <Link className="text-primary hover:underline" to={sessionHref}>
                {t('agents.verify.open', { session: result.session.id })}
              </Link>
            </p>
          )
        ) : null}
      </div>
    </section>
  )
}
