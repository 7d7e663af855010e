import { useState } from 'react'
import { environmentWithType } from '../models/environment-type-label'
import { useChangeSessionEnvironment } from '@/data/sessions/mutations'
import { useSessionOriginsStore } from '../stores/session-origins-store'
import type { Environment } from '@/data/environments/types'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { Select } from '@/components/ui/input'
import { Notice } from '@/components/ui/notice'
import { RichText, useT } from '@/i18n'

type ChangeEnvironmentProps = {
  sessionId: string
  currentId: string | null
  environments: readonly Environment[]
  /** Why a change is refused now (open turn, held work), or null. */
  busyReason: string | null
}

/**
 * The guarded PATCH of the session's environment: offered only when no work is running, says
 * that working files stay behind, and shows the server's 409 if work started meanwhile.
 */
export function ChangeEnvironment({
  sessionId,
  currentId,
  environments,
  busyReason,
}: ChangeEnvironmentProps) {
  const { t } = useT('sessions')
  const [targetId, setTargetId] = useState('')
  const [isConfirming, setIsConfirming] = useState(false)
  const change = useChangeSessionEnvironment(sessionId)
  const markChanged = useSessionOriginsStore((state) => state.markChanged)
  const options = environments.filter((environment) => environment.id !== currentId)
  const target = options.find((environment) => environment.id === targetId)
  return (
    <section aria-labelledby="change-environment-title" className="flex flex-col gap-3">
      <h3 id="change-environment-title" className="text-sm font-semibold">
        {t('sessions.change.title')}
      </h3>
      <Notice tone="warning">
        <RichText
          id="sessions.change.warning"
          values={{ not: <strong>{t('sessions.change.not')}</strong> }}
        />
      </Notice>
      {busyReason ? (
        <Notice tone="info" role="status">
          {t('sessions.change.notNow', { reason: busyReason })}
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <Field label={t('sessions.change.target')} size="small">
          {(control) => (
            <Select
              {...control}
              value={targetId}
              disabled={busyReason !== null}
              onChange={(event) => setTargetId(event.target.value)}
            >
              <option value="">{t('sessions.choose')}</option>
              {options.map((environment) => (
                <option key={environment.id} value={environment.id}>
                  {environmentWithType(environment)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button disabled={!target || busyReason !== null} onClick={() => setIsConfirming(true)}>
          {t('sessions.change.open')}
        </Button>
      </div>
      {/* Always rendered: text inserted together with its live region is skipped by some screen readers. */}
      <p role="status" className="text-sm text-success">
        {change.isSuccess ? t('sessions.change.done', { environment: change.data.environmentId }) : null}
      </p>
      <ConfirmationDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('sessions.change.confirmTitle')}
        body={
          <RichText
            id="sessions.change.confirmBody"
            values={{
              from: <span className="font-mono">{currentId ?? t('sessions.none')}</span>,
              to: (
                <span className="font-mono">
                  {target ? t('sessions.environmentWithId', { name: target.name, id: target.id }) : ''}
                </span>
              ),
            }}
          />
        }
        confirmLabel={t('sessions.change.confirm')}
        onConfirm={async () => {
          if (!target) return
          await change.mutateAsync(target.id)
          markChanged(sessionId, Date.now())
          setTargetId('')
        }}
      />
    </section>
  )
}
