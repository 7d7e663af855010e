import { useId, useState } from 'react'
import { useSubmitTurn } from '../api/mutations'
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'

/** The seed document's "verify actual execution" task: a write and a read in the working directory. */
export const VERIFY_ENVIRONMENT_MESSAGE =
  'Write environment-check.txt containing "environment check: ok" in your working directory, then read it back and tell me exactly what it contains.'

/**
 * Submits turns. A retry of the same text reuses its Idempotency-Key (also after a reload), so a
 * lost answer never becomes a second turn; nothing is ever resent without the user asking.
 */
export function TurnComposer({ sessionId, isDisabled }: { sessionId: string; isDisabled: boolean }) {
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<{ content: string; message: string } | null>(null)
  const [accepted, setAccepted] = useState<string | null>(null)
  const submitTurn = useSubmitTurn(sessionId)
  const { submit, isPending } = useIdempotentSubmit(`turn:${sessionId}`)

  async function send(content: string, isVerify: boolean) {
    setError(null)
    setAccepted(null)
    try {
      const turn = await submit(content, (idempotencyKey) =>
        submitTurn.mutateAsync({ message: content, idempotencyKey }),
      )
      setAccepted(`${isVerify ? 'Environment check' : 'Turn'} ${turn.id} accepted (${turn.status}).`)
      if (!isVerify) setText('')
    } catch (caught) {
      setError({ content, message: errorMessage(caught) })
    }
  }

  const trimmed = text.trim()
  const isRetry = trimmed !== '' && isPending(trimmed)
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (trimmed) void send(trimmed, false)
      }}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        Submit a turn
      </h2>
      <label htmlFor={`${id}-message`} className="sr-only">
        Message
      </label>
      <Textarea
        id={`${id}-message`}
        rows={3}
        value={text}
        disabled={isDisabled}
        placeholder="Ask the agent to do something…"
        onChange={(event) => setText(event.target.value)}
        className="font-sans text-sm"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={isDisabled || !trimmed || submitTurn.isPending}>
          {submitTurn.isPending ? 'Sending…' : isRetry ? 'Retry send' : 'Send'}
        </Button>
        <Button
          disabled={isDisabled || submitTurn.isPending}
          onClick={() => void send(VERIFY_ENVIRONMENT_MESSAGE, true)}
          title="Writes environment-check.txt in the selected environment and reads it back"
        >
          {isPending(VERIFY_ENVIRONMENT_MESSAGE) ? 'Retry environment check' : 'Verify this environment'}
        </Button>
      </div>
      {error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md bg-destructive/10 p-2 text-sm text-destructive"
        >
          <span>Not sent: {error.message}</span>
          <Button
            size="sm"
            onClick={() => void send(error.content, error.content === VERIFY_ENVIRONMENT_MESSAGE)}
          >
            Retry the same submission
          </Button>
        </div>
      ) : null}
      {accepted ? (
        <p role="status" className="text-sm text-success">
          {accepted}
        </p>
      ) : null}
    </form>
  )
}
