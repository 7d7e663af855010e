import { useState } from 'react'
import { useAnswerActions } from '@/data/sessions/mutations'
import type { ActionAnswer } from '@/data/sessions/types'
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit'
import { maskSecrets } from '../models/mask-secrets'
import type { OpenAction } from '../models/pending-actions'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Textarea } from '@/components/ui/textarea'
import { RichText, useT } from '@/i18n'
import { FailureNotice } from '@/components/ui/failure-notice'

/** One open request: allow, or deny with a reason (also inline in the transcript). */
export function ActionCard({
  sessionId,
  action,
  canWrite,
}: {
  sessionId: string
  action: OpenAction
  canWrite: boolean
}) {
  const { t } = useT('sessions')
  const [reason, setReason] = useState('')
  const [isDenying, setIsDenying] = useState(false)
  // The error itself, explained at render time, so the message follows a language switch.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  const answer = useAnswerActions(sessionId)
  const { submit } = useIdempotentSubmit(`action:${action.requestId}`)

  async function send(body: ActionAnswer) {
    setFailure(null)
    try {
      await submit(JSON.stringify(body), (idempotencyKey) =>
        answer.mutateAsync({ turnId: action.turnId, answers: [body], idempotencyKey }),
      )
    } catch (caught) {
      setFailure({ error: caught })
    }
  }

  const question = {
    tool: <span className="font-mono">{action.toolName ?? t('sessions.actions.someTool')}</span>,
    turn: <span className="font-mono text-xs">{action.turnId}</span>,
  }

  return (
    <li className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning-surface p-3 text-sm">
      <p>
        {action.kind === 'confirmation' ? (
          <RichText
            id="sessions.actions.questionAllow"
            values={{
              ...question,
              verb: <span className="font-medium">{t('sessions.actions.allowVerb')}</span>,
            }}
          />
        ) : (
          <RichText
            id="sessions.actions.questionResult"
            values={{
              ...question,
              verb: <span className="font-medium">{t('sessions.actions.resultVerb')}</span>,
            }}
          />
        )}
      </p>
      {action.toolInput !== undefined ? (
        <pre className="max-h-40 overflow-auto rounded bg-background p-2 font-mono text-xs whitespace-pre-wrap">
          {JSON.stringify(maskSecrets(action.toolInput).value, null, 2)}
        </pre>
      ) : null}
      {/* Always rendered: text inserted together with its live region is skipped by some screen readers. */}
      <p role="status" className="text-success">
        {answer.isSuccess ? t('sessions.actions.sent') : null}
      </p>
      {answer.isSuccess ? null : canWrite ? (
        <div className="flex flex-col gap-2">
          {isDenying ? (
            <Field label={t('sessions.actions.reason')} size="small">
              {(control) => (
                <Textarea
                  {...control}
                  rows={2}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="primary"
              disabled={answer.isPending}
              onClick={() => void send({ request_id: action.requestId, allow: true })}
            >
              {t('sessions.actions.allow')}
            </Button>
            {isDenying ? (
              <Button
                size="sm"
                variant="destructive"
                disabled={answer.isPending}
                onClick={() =>
                  void send({
                    request_id: action.requestId,
                    allow: false,
                    ...(reason.trim() ? { reason: reason.trim() } : {}),
                  })
                }
              >
                {t('sessions.actions.denyWithReason')}
              </Button>
            ) : (
              <Button size="sm" onClick={() => setIsDenying(true)}>
                {t('sessions.actions.deny')}
              </Button>
            )}
          </div>
        </div>
      ) : null}
      {failure ? (
        <FailureNotice
          error={failure.error}
          message={t('sessions.notSent', { error: errorMessage(failure.error) })}
        />
      ) : null}
    </li>
  )
}

/** Required actions waiting for the user: allow, or deny with a reason. */
export function RequiredActions({
  sessionId,
  actions,
  canWrite,
}: {
  sessionId: string
  actions: readonly OpenAction[]
  canWrite: boolean
}) {
  const { t } = useT('sessions')
  if (actions.length === 0) return null
  return (
    <section id="required-actions" aria-labelledby="required-actions-title" className="flex flex-col gap-2">
      <h2 id="required-actions-title" className="text-sm font-semibold">
        {t('sessions.actions.title', { count: actions.length })}
      </h2>
      <ul className="flex flex-col gap-2">
        {actions.map((action) => (
          <ActionCard key={action.requestId} sessionId={sessionId} action={action} canWrite={canWrite} />
        ))}
      </ul>
    </section>
  )
}
