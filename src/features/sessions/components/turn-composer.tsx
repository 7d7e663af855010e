import { useQuery } from '@tanstack/react-query'
import { Suspense, useId, useRef, useState } from 'react'
import { useSubmitTurn } from '@/data/sessions/mutations'
import { turnsQuery } from '@/data/sessions/queries'
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit'
import { FileAttachmentPicker } from './file-attachment-picker'
import { loadComposerDraft, saveComposerDraft } from '../stores/composer-draft'
import { statusLabel } from '../models/status-label'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'

/** The seed document's "verify actual execution" task: a write and a read in the working directory. */
export const VERIFY_ENVIRONMENT_MESSAGE =
  'Write environment-check.txt containing "environment check: ok" in your working directory, then read it back and tell me exactly what it contains.'

/**
 * Submits turns. A retry of the same text reuses its Idempotency-Key (also after a reload), so a
 * lost answer never becomes a second turn; nothing is ever resent without the user asking.
 */
export function TurnComposer({
  sessionId,
  isDisabled: isArchived,
  goneEnvironmentId = null,
}: {
  sessionId: string
  isDisabled: boolean
  /** The session's environment answers 404: nothing sent would run, so sending is off. */
  goneEnvironmentId?: string | null
}) {
  const isDisabled = isArchived || goneEnvironmentId !== null
  const { t } = useT('sessions')
  const id = useId()
  // Unsent text survives reloads and failed sends; it is forgotten once the turn is accepted.
  const [text, setTextState] = useState(() => loadComposerDraft(sessionId))
  const [isRestored] = useState(() => loadComposerDraft(sessionId).trim() !== '')
  const setText = (next: string) => {
    setTextState(next)
    saveComposerDraft(sessionId, next)
  }
  // Session files sent with the message as `file` parts; they count in what the key is for.
  const [fileIds, setFileIds] = useState<string[]>([])
  const submission = (content: string) =>
    fileIds.length ? `${content}\n\u0000${fileIds.join(',')}` : content
  const [error, setError] = useState<{ content: string; cause: unknown } | null>(null)
  // The accepted turn; its notice follows the turn's status as the session's turns refresh.
  const [accepted, setAccepted] = useState<{ turnId: string; status: string; isVerify: boolean } | null>(null)
  const turns = useQuery({ ...turnsQuery(sessionId), enabled: accepted !== null })
  const acceptedStatus = accepted
    ? (turns.data?.find((turn) => turn.id === accepted.turnId)?.status ?? accepted.status)
    : null
  const submitTurn = useSubmitTurn(sessionId)
  const { submit, isPending } = useIdempotentSubmit(`turn:${sessionId}`)
  const formRef = useRef<HTMLFormElement>(null)
  const messageRef = useRef<HTMLTextAreaElement>(null)

  async function send(content: string, isVerify: boolean) {
    setError(null)
    setAccepted(null)
    try {
      const turn = await submit(isVerify ? content : submission(content), (idempotencyKey) =>
        submitTurn.mutateAsync({ message: content, idempotencyKey, ...(isVerify ? {} : { fileIds }) }),
      )
      setAccepted({ turnId: turn.id, status: turn.status, isVerify })
      if (!isVerify) {
        setText('')
        setFileIds([])
        // Send stays disabled until there is new text, so focus, parked on the form while the
        // button was busy, goes back to the message box for the next message (unless the user
        // has moved on meanwhile).
        const focused = document.activeElement
        if (focused === null || focused === document.body || formRef.current?.contains(focused))
          messageRef.current?.focus()
      }
    } catch (caught) {
      setError({ content, cause: caught })
    }
  }

  const trimmed = text.trim()
  const isRetry = trimmed !== '' && isPending(submission(trimmed))
  return (
    <form
      ref={formRef}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (trimmed) void send(trimmed, false)
      }}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        {t('sessions.composer.title')}
      </h2>
      <Field
        label={<span className="sr-only">{t('sessions.composer.message')}</span>}
        hint={isRestored && text.trim() ? t('sessions.composer.restored') : null}
        className="gap-2"
      >
        {(control) => (
          <Textarea
            {...control}
            ref={messageRef}
            rows={3}
            value={text}
            disabled={isDisabled}
            placeholder={t('sessions.composer.placeholder')}
            onChange={(event) => setText(event.target.value)}
            className="font-sans text-sm"
          />
        )}
      </Field>
      {/* Its strings load on their own, so the composer never waits for them. */}
      <Suspense fallback={null}>
        <FileAttachmentPicker
          sessionId={sessionId}
          value={fileIds}
          onChange={setFileIds}
          isDisabled={isDisabled}
        />
      </Suspense>
      {goneEnvironmentId !== null ? (
        <Notice tone="warning" role="status">
          <p>{t('sessions.composer.environmentGone', { environment: goneEnvironmentId })}</p>
          <Link className="mt-1 inline-block text-primary hover:underline" to="?tab=environment">
            {t('sessions.composer.changeEnvironment')}
          </Link>
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={isDisabled || !trimmed || submitTurn.isPending}>
          {submitTurn.isPending
            ? t('sessions.composer.sending')
            : isRetry
              ? t('sessions.composer.retrySend')
              : t('sessions.composer.send')}
        </Button>
        <Button
          disabled={isDisabled || submitTurn.isPending}
          onClick={() => void send(VERIFY_ENVIRONMENT_MESSAGE, true)}
          title={t('sessions.composer.verifyHint', { file: 'environment-check.txt' })}
        >
          {isPending(VERIFY_ENVIRONMENT_MESSAGE)
            ? t('sessions.composer.retryVerify')
            : t('sessions.composer.verify')}
        </Button>
      </div>
      {error ? (
        <FailureNotice
          error={error.cause}
          message={t('sessions.notSent', { error: errorMessage(error.cause) })}
        >
          <Button
            size="sm"
            onClick={() => void send(error.content, error.content === VERIFY_ENVIRONMENT_MESSAGE)}
          >
            {t('sessions.composer.retrySame')}
          </Button>
        </FailureNotice>
      ) : null}
      {/* Always rendered: text inserted together with its live region is skipped by some screen readers.
          The notice follows the accepted turn's status as the session's turns refresh. */}
      <p role="status" className="text-sm text-success">
        {accepted && acceptedStatus
          ? accepted.isVerify
            ? t('sessions.composer.checkAccepted', {
                turn: accepted.turnId,
                status: statusLabel(acceptedStatus),
              })
            : t('sessions.composer.turnAccepted', {
                turn: accepted.turnId,
                status: statusLabel(acceptedStatus),
              })
          : null}
      </p>
    </form>
  )
}
