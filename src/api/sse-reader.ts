import { createParser } from 'eventsource-parser'
import { apiErrorFromResponse } from '@/api/error-body'
import { loadNamespace, t } from '@/i18n'

export type SseMessage = { id: string | undefined; event: string; data: string }

export type SseReadOptions = {
  signal?: AbortSignal | undefined
  /** Comment lines such as `: keep-alive` heartbeats, in stream order relative to messages. */
  onComment?: ((text: string) => void) | undefined
  /** The server's `retry:` reconnection delay in milliseconds. */
  onRetry?: ((ms: number) => void) | undefined
}

type ParsedItem =
  { kind: 'message'; message: SseMessage } | { kind: 'comment'; text: string } | { kind: 'retry'; ms: number }

/**
 * Reads a `text/event-stream` body. Native EventSource cannot send the Bearer header, so the
 * stream comes from fetch. Aborting the signal or breaking out of the loop ends the iteration
 * quietly and cancels the body, which closes the connection.
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  options: SseReadOptions = {},
): AsyncGenerator<SseMessage> {
  const { signal, onComment, onRetry } = options
  const reader = body.getReader()
  const decoder = new TextDecoder('utf-8')
  const normaliseLineEndings = createLineEndingNormaliser()
  // Callbacks fire in the middle of feed(); queueing keeps comments and retries in order with
  // the messages around them whatever the chunking, and lets the consumer pull at its pace.
  const pending: ParsedItem[] = []
  const parser = createParser({
    onEvent: ({ id, event, data }) =>
      pending.push({ kind: 'message', message: { id, event: event ?? 'message', data } }),
    onComment: (text) => pending.push({ kind: 'comment', text }),
    onRetry: (ms) => pending.push({ kind: 'retry', ms }),
    // Unknown fields and bad retry values are ignored, as the SSE spec requires.
    onError: () => undefined,
  })

  let isDone = false
  // A pending read() only settles when the stream does, so an abort has to cancel it.
  const handleAbort = () => {
    reader.cancel(signal?.reason).catch(() => undefined)
  }
  signal?.addEventListener('abort', handleAbort, { once: true })

  try {
    while (!signal?.aborted) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch (error) {
        // fetch aborted with the same signal errors the body; that is a stop, not a failure.
        if (signal?.aborted) return
        throw error
      }
      if (chunk.done) {
        isDone = true
        parser.feed(normaliseLineEndings(decoder.decode()))
      } else {
        parser.feed(normaliseLineEndings(decoder.decode(chunk.value, { stream: true })))
      }

      while (pending.length > 0) {
        if (signal?.aborted) return
        const item = pending.shift()
        if (item?.kind === 'message') yield item.message
        else if (item?.kind === 'comment') onComment?.(item.text)
        else if (item?.kind === 'retry') onRetry?.(item.ms)
      }
      if (isDone) return
    }
  } finally {
    signal?.removeEventListener('abort', handleAbort)
    // Not awaited: some transports only settle a cancel when the body is garbage-collected, and a
    // consumer that stops reading must not hang on that.
    if (!isDone) void reader.cancel(signal?.reason).catch(() => undefined)
    reader.releaseLock()
  }
}

/** The messages for a response that is no stream: only such a response needs them (ui:stream). */
function streamStrings(): Promise<void> {
  return loadNamespace('ui:stream').catch(() => undefined)
}

/**
 * Checks that a fetch response really is an event stream, then reads it. A non-2xx answer
 * becomes an ApiError (410 `cursor_expired` must reach the caller as such); a 2xx answer with
 * another content type (a proxy's HTML page, a JSON body from a misrouted URL) is a plain Error.
 */
export async function* streamSse(
  response: Response,
  options: SseReadOptions = {},
): AsyncGenerator<SseMessage> {
  if (!response.ok) throw await apiErrorFromResponse(response)
  const contentType = response.headers.get('Content-Type') ?? ''
  if (!contentType.toLowerCase().includes('text/event-stream')) {
    // Not awaited, as in readSse: a cancel may settle only when the body is collected, and the
    // caller must hear about the wrong content type now, not then.
    void response.body?.cancel().catch(() => undefined)
    await streamStrings()
    throw new Error(
      t('ui.stream.notEventStream', {
        source: response.url || t('ui.stream.theServer'),
        received: contentType ? `"${contentType}"` : t('ui.stream.noContentType'),
        status: response.status,
      }),
    )
  }
  if (!response.body) {
    await streamStrings()
    throw new Error(t('ui.stream.noBody', { source: response.url || t('ui.stream.theServer') }))
  }
  yield* readSse(response.body, options)
}

/**
 * Rewrites CR and CRLF to LF before parsing. The parser has to hold back a chunk that ends in
 * CR until it sees whether LF follows, which would delay a CR-only server's events (and drop
 * the last one at EOF); deciding here, and swallowing the LF that may start the next chunk,
 * delivers every event as soon as its blank line arrives.
 */
function createLineEndingNormaliser(): (text: string) => string {
  let isAfterCr = false
  return (text) => {
    // An empty decode (half of a multi-byte character) must not forget a pending CR.
    if (text === '') return text
    const rest = isAfterCr && text.startsWith('\n') ? text.slice(1) : text
    isAfterCr = text.endsWith('\r')
    return rest.replace(/\r\n?/g, '\n')
  }
}
