import { useQuery } from '@tanstack/react-query'
import { Suspense, useId, useRef, useState } from 'react'
import { ENVIRONMENT_CHECK_FILE, VERIFY_ENVIRONMENT_MESSAGE } from '@/data/sessions/environment-check'
import { inputsQuery } from '@/data/sessions/inputs'
import { turnsQuery } from '@/data/sessions/queries'
import { ComposerIntents } from './composer-intents'
import { InputSendFailure, type SendFailure } from './input-send-failure'
import { useComposerSend, type SendOutcome } from '../hooks/use-composer-send'
import { classifyInputFailure, intentBlocker, type ComposerIntent } from '../models/composer-intent'
import { FileAttachmentPicker } from './file-attachment-picker'
import { loadComposerDraft, saveComposerDraft } from '../stores/composer-draft'
import { statusLabel } from '../models/status-label'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'

/**
 * Sends a new turn, steers the running turn or injects context (the intent is chosen and
 * explained before sending). A retry of the same text reuses its Idempotency-Key (also after a
 * reload), so a lost answer never becomes a second turn or a second input; nothing is ever
 * resent without the user asking.
 */
export function TurnComposer({
  sessionId,
  isDisabled: isArchived,
  goneEnvironmentId = null,
  runningTurnId = null,
}: {
  sessionId: string
  isDisabled: boolean
  /** The session's environment answers 404: nothing sent would run, so sending is off. */
  goneEnvironmentId?: string | null
  /** The turn steering would go to. */
  runningTurnId?: string | null
}) {
  const isDisabled = isArchived || goneEnvironmentId !== null
  const { t } = useT('sessions', 'sessions:inspector')
  const [intent, setIntent] = useState<ComposerIntent>('turn')
  const inputs = useQuery(inputsQuery(sessionId))
  const isInputsOffered = inputs.data?.isOffered !== false
  const blocker = intentBlocker(intent, { runningTurnId, isInputsOffered })
  const id = useId()
  // Unsent text survives reloads and failed sends; it is forgotten once the turn is accepted.
  const [text, setTextState] = useState(() => loadComposerDraft(sessionId))
  const [isRestored] = useState(() => loadComposerDraft(sessionId).trim() !== '')
  const setText = (next: string) => {
    setTextState(next)
    saveComposerDraft(sessionId, next)
  }
  // Session files sent with the message as `file` parts (a new turn, steering or context).
  const [fileIds, setFileIds] = useState<string[]>([])
  const [error, setError] = useState<SendFailure | null>(null)
  // The accepted turn; its notice follows the turn's status as the session's turns refresh.
  const [accepted, setAccepted] = useState<{ turnId: string; status: string; isVerify: boolean } | null>(null)
  const [receipt, setReceipt] = useState<Extract<SendOutcome, { receipt: unknown }> | null>(null)
  const turns = useQuery({ ...turnsQuery(sessionId), enabled: accepted !== null })
  const acceptedStatus = accepted
    ? (turns.data?.find((turn) => turn.id === accepted.turnId)?.status ?? accepted.status)
    : null
  const composer = useComposerSend(sessionId, runningTurnId)
  const formRef = useRef<HTMLFormElement>(null)
  const messageRef = useRef<HTMLTextAreaElement>(null)

  async function send(content: string, isVerify: boolean, how: ComposerIntent = intent, isFresh = false) {
    setError(null)
    setAccepted(null)
    setReceipt(null)
    try {
      const outcome = await composer.send(how, content, isFresh, isVerify ? [] : fileIds)
      if (outcome.intent === 'turn') {
        setAccepted({ turnId: outcome.turn.id, status: outcome.turn.status, isVerify })
      } else setReceipt(outcome)
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
      const kind = classifyInputFailure(caught, how)
      // A refusal is final: the next attempt is a new action, under a new key.
      if (kind === 'steer_refused' || kind === 'key_conflict')
        composer.discard(how, content, isVerify ? [] : fileIds)
      setError({ content, cause: caught, intent: how, kind, isVerify })
    }
  }

  const trimmed = text.trim()
  const isRetry = trimmed !== '' && composer.isRetry(intent, trimmed, fileIds)
  const isSending = composer.isSending
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
      <ComposerIntents
        intent={intent}
        onIntentChange={(next) => {
          setIntent(next)
          setError(null)
        }}
        runningTurnId={runningTurnId}
        isInputsOffered={isInputsOffered}
        isDisabled={isDisabled}
      />
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
        <Button
          type="submit"
          variant="primary"
          disabled={isDisabled || !trimmed || isSending || blocker !== null}
        >
          {isSending
            ? t('sessions.composer.sending')
            : intent === 'turn'
              ? isRetry
                ? t('sessions.composer.retrySend')
                : t('sessions.composer.send')
              : isRetry
                ? t('sessions.inputs.send.retry')
                : intent === 'steer'
                  ? t('sessions.inputs.send.steer')
                  : t('sessions.inputs.send.inject')}
        </Button>
        <Button
          disabled={isDisabled || isSending}
          onClick={() => void send(VERIFY_ENVIRONMENT_MESSAGE, true, 'turn')}
          title={t('sessions.composer.verifyHint', { file: ENVIRONMENT_CHECK_FILE })}
        >
          {composer.isRetry('turn', VERIFY_ENVIRONMENT_MESSAGE)
            ? t('sessions.composer.retryVerify')
            : t('sessions.composer.verify')}
        </Button>
      </div>
      {error ? (
        <InputSendFailure
          failure={error}
          onResend={(how, isFresh) => void send(error.content, error.isVerify, how, isFresh)}
        />
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
          : receipt
            ? receipt.intent === 'steer'
              ? t('sessions.inputs.accepted.steer', { input: receipt.receipt.inputId })
              : t('sessions.inputs.accepted.inject', { input: receipt.receipt.inputId })
            : null}
      </p>
    </form>
  )
}
