import { describe, expect, it } from 'vitest'
import { isApiError } from '@/api/api-error'
import { readSse, streamSse, type SseMessage, type SseReadOptions } from '@/api/sse-reader'

type LogEntry = { message: SseMessage } | { comment: string } | { retry: number }

const encoder = new TextEncoder()

const STATUS_EVENT =
  '{"schema_version":1,"id":"evt_1","type":"session.status","session_id":"ses_1","created_at":1,"cursor":"1","data":{"status":"running"}}'

// One line per entry; joined with each line-ending style below.
const FIXTURE_LINES = [
  ': connected',
  'retry: 3000',
  '',
  'id: 1',
  'event: session.status',
  `data: ${STATUS_EVENT}`,
  '',
  ': keep-alive',
  '',
  'id: 2',
  'event: message.delta',
  'data: {"text":"日本語 🚀 ok"}',
  '',
  ':keep-alive',
  'id: 3',
  'data: first line',
  'data:  second line keeps one leading space',
  'data:',
  'data: {"end":true}',
  '',
  'unknown: fields are ignored',
  'event: tool.delta',
  'data:{"delta":"é😀"}',
  '',
  'data: no id, no event',
  '',
  ': bye',
]

const EXPECTED_LOG: LogEntry[] = [
  { comment: 'connected' },
  { retry: 3000 },
  { message: { id: '1', event: 'session.status', data: STATUS_EVENT } },
  { comment: 'keep-alive' },
  { message: { id: '2', event: 'message.delta', data: '{"text":"日本語 🚀 ok"}' } },
  { comment: 'keep-alive' },
  {
    message: {
      id: '3',
      event: 'message',
      data: 'first line\n second line keeps one leading space\n\n{"end":true}',
    },
  },
  { message: { id: undefined, event: 'tool.delta', data: '{"delta":"é😀"}' } },
  { message: { id: undefined, event: 'message', data: 'no id, no event' } },
  { comment: 'bye' },
]

const LINE_ENDINGS = {
  LF: ['\n'],
  CRLF: ['\r\n'],
  CR: ['\r'],
  mixed: ['\n', '\r\n', '\r'],
} as const

function fixtureBytes(endings: readonly string[]): Uint8Array {
  let text = ''
  FIXTURE_LINES.forEach((line, index) => {
    let ending = endings[index % endings.length] ?? '\n'
    // CR then an empty LF-terminated line is one CRLF, not a blank line: mixing styles must
    // not merge two line ends that the fixture means to keep apart.
    if (text.endsWith('\r') && line === '' && ending.startsWith('\n')) ending = '\r'
    text += line + ending
  })
  return encoder.encode(text)
}

type TestStream = {
  stream: ReadableStream<Uint8Array>
  cancelReasons: unknown[]
}

/** Delivers exactly the given chunks, one per read; `hang` keeps it open afterwards. */
function streamOf(chunks: Uint8Array[], { hang = false } = {}): TestStream {
  const cancelReasons: unknown[] = []
  let index = 0
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index++]
        if (chunk) controller.enqueue(chunk)
        else if (hang) return new Promise<void>(() => undefined)
        else controller.close()
      },
      cancel(reason) {
        cancelReasons.push(reason)
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, cancelReasons }
}

async function collect(
  chunks: Uint8Array[],
  options: Omit<SseReadOptions, 'onComment' | 'onRetry'> = {},
): Promise<LogEntry[]> {
  const log: LogEntry[] = []
  const { stream } = streamOf(chunks)
  for await (const message of readSse(stream, {
    ...options,
    onComment: (comment) => log.push({ comment }),
    onRetry: (retry) => log.push({ retry }),
  })) {
    log.push({ message })
  }
  return log
}

function splitAt(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = []
  let start = 0
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.slice(start, point))
    start = point
  }
  return chunks
}

// mulberry32: small, seedable, good enough to pick chunk sizes reproducibly.
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomChunks(bytes: Uint8Array, seed: number): Uint8Array[] {
  const random = seededRandom(seed)
  const points: number[] = []
  let point = 0
  for (;;) {
    // Size 0 now and then: an empty read must not disturb the decoder or the line state.
    point += Math.floor(random() * 18)
    if (point >= bytes.length) break
    points.push(point)
  }
  return splitAt(bytes, points)
}

describe('readSse: adversarial chunking', () => {
  describe.each(Object.entries(LINE_ENDINGS))('%s line endings', (_name, endings) => {
    const bytes = fixtureBytes(endings)

    it('parses the whole stream in one chunk', async () => {
      expect(await collect([bytes])).toEqual(EXPECTED_LOG)
    })

    it('parses 1-byte chunks identically', async () => {
      const oneByte = Array.from(bytes, (byte) => Uint8Array.of(byte))

      expect(await collect(oneByte)).toEqual(EXPECTED_LOG)
    })

    it.each([1, 2, 3, 42, 1337, 20250601])(
      'parses random chunk sizes identically (seed %i)',
      async (seed) => {
        expect(await collect(randomChunks(bytes, seed))).toEqual(EXPECTED_LOG)
      },
    )

    it('parses identically at every single split point', async () => {
      for (let point = 0; point <= bytes.length; point++) {
        const log = await collect(splitAt(bytes, [point]))
        expect(log, `split at byte ${point}`).toEqual(EXPECTED_LOG)
      }
    })
  })

  it('splits a multi-byte character across three reads', async () => {
    const bytes = encoder.encode('data: 日🚀\n\n')
    // "日" is 3 bytes at 6..8, the emoji 4 bytes at 9..12: cut inside both.
    const log = await collect(splitAt(bytes, [7, 8, 10, 12]))

    expect(log).toEqual([{ message: { id: undefined, event: 'message', data: '日🚀' } }])
  })

  it('strips a byte order mark split across reads', async () => {
    const bytes = encoder.encode('\uFEFFdata: x\n\n')

    expect(await collect(splitAt(bytes, [1, 2]))).toEqual([
      { message: { id: undefined, event: 'message', data: 'x' } },
    ])
  })

  it('drops an event that the stream ends before its blank line', async () => {
    const log = await collect([encoder.encode('data: complete\n\ndata: cut off\n')])

    expect(log).toEqual([{ message: { id: undefined, event: 'message', data: 'complete' } }])
  })

  it('delivers a CR-terminated event without waiting for the next read', async () => {
    const { stream } = streamOf([encoder.encode('data: now\r\r')], { hang: true })
    const iterator = readSse(stream)

    const first = await iterator.next()
    await iterator.return(undefined)

    expect(first).toEqual({ done: false, value: { id: undefined, event: 'message', data: 'now' } })
  })

  it('does not double-count a CRLF split between reads', async () => {
    const log = await collect([encoder.encode('data: a\r'), encoder.encode('\n\r'), encoder.encode('\n')])

    expect(log).toEqual([{ message: { id: undefined, event: 'message', data: 'a' } }])
  })
})

describe('readSse: stopping', () => {
  it('cancels the stream and releases the lock when the consumer breaks early', async () => {
    const event = encoder.encode('data: tick\n\n')
    const { stream, cancelReasons } = streamOf(
      Array.from({ length: 100 }, () => event),
      {
        hang: true,
      },
    )
    const received: string[] = []

    for await (const message of readSse(stream)) {
      received.push(message.data)
      if (received.length === 2) break
    }

    expect(received).toEqual(['tick', 'tick'])
    expect(cancelReasons).toHaveLength(1)
    expect(stream.locked).toBe(false)
  })

  it('stops quietly when the signal aborts while waiting for data', async () => {
    const controller = new AbortController()
    const { stream, cancelReasons } = streamOf([encoder.encode('data: one\n\n')], { hang: true })
    const iterator = readSse(stream, { signal: controller.signal })

    expect((await iterator.next()).value).toMatchObject({ data: 'one' })
    const pending = iterator.next()
    controller.abort(new Error('user left the page'))

    expect(await pending).toEqual({ done: true, value: undefined })
    expect(cancelReasons).toEqual([controller.signal.reason])
    expect(stream.locked).toBe(false)
  })

  it('yields nothing more after an abort between messages of one read', async () => {
    const controller = new AbortController()
    const { stream, cancelReasons } = streamOf([encoder.encode('data: one\n\ndata: two\n\n')])
    const received: string[] = []

    for await (const message of readSse(stream, { signal: controller.signal })) {
      received.push(message.data)
      controller.abort()
    }

    expect(received).toEqual(['one'])
    expect(cancelReasons).toHaveLength(1)
    expect(stream.locked).toBe(false)
  })

  it('reads nothing from an already aborted signal', async () => {
    const { stream, cancelReasons } = streamOf([encoder.encode('data: one\n\n')])

    expect(await collect([], { signal: AbortSignal.abort() })).toEqual([])
    const iterator = readSse(stream, { signal: AbortSignal.abort() })
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
    expect(cancelReasons).toHaveLength(1)
  })

  it('treats a body errored by the same abort as a stop, not a failure', async () => {
    const controller = new AbortController()
    const stream = new ReadableStream<Uint8Array>({
      start(streamController) {
        streamController.enqueue(encoder.encode('data: one\n\n'))
        controller.signal.addEventListener('abort', () =>
          streamController.error(new DOMException('The operation was aborted.', 'AbortError')),
        )
      },
    })
    const iterator = readSse(stream, { signal: controller.signal })

    await iterator.next()
    const pending = iterator.next()
    controller.abort()

    expect(await pending).toEqual({ done: true, value: undefined })
  })

  it('rethrows a stream failure that was not an abort', async () => {
    const failure = new TypeError('network error')
    const stream = new ReadableStream<Uint8Array>({
      start(streamController) {
        streamController.enqueue(encoder.encode('data: one\n\n'))
        streamController.error(failure)
      },
    })
    const received: string[] = []

    await expect(async () => {
      for await (const message of readSse(stream)) received.push(message.data)
    }).rejects.toBe(failure)
    expect(stream.locked).toBe(false)
  })
})

describe('streamSse', () => {
  function sseResponse(text: string, contentType: string | null, status = 200) {
    const { stream, cancelReasons } = streamOf([encoder.encode(text)])
    const headers: Record<string, string> = contentType ? { 'Content-Type': contentType } : {}
    return { response: new Response(stream, { status, headers }), cancelReasons }
  }

  it('reads an event stream response', async () => {
    const { response } = sseResponse(
      'id: 7\nevent: turn.completed\ndata: {}\n\n',
      'text/event-stream; charset=utf-8',
    )
    const received: SseMessage[] = []

    for await (const message of streamSse(response)) received.push(message)

    expect(received).toEqual([{ id: '7', event: 'turn.completed', data: '{}' }])
  })

  it('rejects another content type with a descriptive error and frees the body', async () => {
    const { response, cancelReasons } = sseResponse('{"data":[]}', 'application/json')

    await expect(streamSse(response).next()).rejects.toThrow(
      /Expected an event stream \(text\/event-stream\).*"application\/json" \(HTTP 200\)/,
    )
    expect(cancelReasons).toHaveLength(1)
  })

  it('rejects a response without a content type', async () => {
    const { response } = sseResponse('data: x\n\n', null)

    await expect(streamSse(response).next()).rejects.toThrow(/no Content-Type/)
  })

  it('turns an error status into an ApiError', async () => {
    const { response } = sseResponse(
      '{"error":"cursor_expired","message":"Cursor 3 is older than the retention window"}',
      'application/json',
      410,
    )

    const error: unknown = await streamSse(response)
      .next()
      .then(
        () => undefined,
        (caught: unknown) => caught,
      )

    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'gone', code: 'cursor_expired', status: 410 })
  })
})
