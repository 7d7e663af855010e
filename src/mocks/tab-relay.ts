/**
 * Several tabs, one demo backend. Each tab used to run its own backend and save it to IndexedDB,
 * so two tabs saw different worlds and the last to save silently dropped the other's changes.
 * Now one tab leads (it holds a Web Lock, so exactly one tab does and the next one takes over
 * when it closes) and owns the backend; every other tab forwards its mock requests to the leader
 * over a BroadcastChannel and gets the answer back, streamed, so event streams work across tabs
 * too. Web Locks decide who leads (the browser releases the lock when the tab goes away, which a
 * heartbeat scheme would only guess at); BroadcastChannel carries the traffic (same origin, no
 * server). This module is the relay; browser.ts wires it to msw, the lock and the backend.
 */

type HeaderList = [string, string][]

export type RelayMessage =
  | { kind: 'leader'; tabId: string }
  | {
      kind: 'request'
      id: string
      from: string
      method: string
      url: string
      headers: HeaderList
      body: ArrayBuffer | null
    }
  | { kind: 'abort'; id: string }
  | { kind: 'head'; id: string; to: string; status: number; statusText: string; headers: HeaderList }
  /** The leader's backend has no route for it: the follower lets it through to the network. */
  | { kind: 'unhandled'; id: string; to: string }
  | { kind: 'chunk'; id: string; to: string; chunk: Uint8Array }
  | { kind: 'end'; id: string; to: string }
  | { kind: 'fail'; id: string; to: string; message: string }

/** The part of BroadcastChannel the relay uses (tests pass Node's). */
export type RelayChannel = {
  postMessage: (message: RelayMessage) => void
  addEventListener: (type: 'message', listener: (event: MessageEvent<RelayMessage>) => void) => void
  removeEventListener: (type: 'message', listener: (event: MessageEvent<RelayMessage>) => void) => void
}

/** How the leader answers a request: the mock's handlers (undefined: no route matched). */
export type Serve = (request: Request) => Promise<Response | undefined>

export type TabRelay = {
  readonly tabId: string
  isLeader: () => boolean
  /** This tab now owns the backend: it answers every tab's forwarded requests with `serve`. */
  lead: (serve: Serve) => void
  /**
   * A follower's request, answered by whichever tab leads (waiting for one if none does yet);
   * undefined when no route matched there, as the leader's own `serve` says for its own requests.
   */
  forward: (request: Request) => Promise<Response | undefined>
  close: () => void
}

type Pending = {
  message: Extract<RelayMessage, { kind: 'request' }>
  resolve: (response: Response | undefined) => void
  stream: ReadableStreamDefaultController<Uint8Array> | null
  timer: ReturnType<typeof setTimeout>
}

export function createTabRelay(options: {
  channel: RelayChannel
  tabId: string
  /** How long a follower waits for a leader to start answering before it gives up (503). */
  answerTimeoutMs?: number
}): TabRelay {
  const { channel, tabId } = options
  const answerTimeoutMs = options.answerTimeoutMs ?? 15_000
  let serve: Serve | null = null
  let sequence = 0
  const pending = new Map<string, Pending>()
  const serving = new Map<string, AbortController>()

  let isClosed = false
  const post = (message: RelayMessage) => {
    if (isClosed) return
    try {
      channel.postMessage(message)
    } catch {
      // The channel closed under us (the tab is going away): nobody is left to tell.
      isClosed = true
    }
  }

  const unavailable = (message: string) =>
    new Response(JSON.stringify({ error: message, code: 'demo_backend_unavailable' }), {
      status: 503,
      headers: { 'Content-Type': 'application/json' },
    })

  const settle = (id: string) => {
    const entry = pending.get(id)
    if (entry) clearTimeout(entry.timer)
    pending.delete(id)
  }

  /** Leader: answer one forwarded request, streaming the body back in chunks. */
  async function answer(message: Extract<RelayMessage, { kind: 'request' }>, handle: Serve) {
    const controller = new AbortController()
    serving.set(message.id, controller)
    const to = message.from
    try {
      const request = new Request(message.url, {
        method: message.method,
        headers: message.headers,
        body: message.body,
        signal: controller.signal,
      })
      const response = await handle(request)
      if (!response) {
        post({ kind: 'unhandled', id: message.id, to })
        return
      }
      const headers: HeaderList = []
      response.headers.forEach((value, name) => headers.push([name, value]))
      post({
        kind: 'head',
        id: message.id,
        to,
        status: response.status,
        statusText: response.statusText,
        headers,
      })
      if (response.body) {
        const reader = response.body.getReader()
        controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined))
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          post({ kind: 'chunk', id: message.id, to, chunk: value })
        }
      }
      post({ kind: 'end', id: message.id, to })
    } catch (error) {
      post({
        kind: 'fail',
        id: message.id,
        to,
        message: error instanceof Error ? error.message : String(error),
      })
    } finally {
      serving.delete(message.id)
    }
  }

  function onMessage(event: MessageEvent<RelayMessage>) {
    const message = event.data
    switch (message.kind) {
      case 'request':
        if (serve && message.from !== tabId) void answer(message, serve)
        return
      case 'abort':
        serving.get(message.id)?.abort()
        return
      case 'leader':
        if (message.tabId === tabId) return
        // A new leader: requests nobody started answering go to it; streams the old one was
        // sending are cut, as a dropped connection would be (the console resumes them).
        for (const [id, entry] of pending) {
          if (entry.stream) {
            entry.stream.error(new Error('the tab that served the demo backend went away'))
            settle(id)
          } else post(entry.message)
        }
        return
      default:
        break
    }
    if (message.to !== tabId) return
    const entry = pending.get(message.id)
    if (!entry) return
    switch (message.kind) {
      case 'head': {
        clearTimeout(entry.timer)
        const hasBody = !['HEAD'].includes(entry.message.method) && ![204, 304].includes(message.status)
        const body = hasBody
          ? new ReadableStream<Uint8Array>({
              start: (controller) => {
                entry.stream = controller
              },
              cancel: () => {
                post({ kind: 'abort', id: message.id })
                settle(message.id)
              },
            })
          : null
        if (!hasBody) entry.stream = null
        entry.resolve(
          new Response(body, {
            status: message.status,
            statusText: message.statusText,
            headers: message.headers,
          }),
        )
        if (!hasBody) settle(message.id)
        return
      }
      case 'unhandled':
        entry.resolve(undefined)
        settle(message.id)
        return
      case 'chunk':
        entry.stream?.enqueue(message.chunk)
        return
      case 'end':
        entry.stream?.close()
        settle(message.id)
        return
      case 'fail':
        if (entry.stream) entry.stream.error(new Error(message.message))
        else entry.resolve(unavailable(message.message))
        settle(message.id)
        return
    }
  }

  channel.addEventListener('message', onMessage)

  return {
    tabId,
    isLeader: () => serve !== null,
    lead: (handle) => {
      serve = handle
      post({ kind: 'leader', tabId })
      // What this tab was still waiting for as a follower it now answers itself.
      for (const [id, entry] of pending) {
        settle(id)
        if (entry.stream) {
          entry.stream.error(new Error('the tab that served the demo backend went away'))
          continue
        }
        const { method, url, headers, body } = entry.message
        handle(new Request(url, { method, headers, body }))
          .then((response) => entry.resolve(response))
          .catch((error: unknown) => entry.resolve(unavailable(String(error))))
      }
    },
    forward: async (request) => {
      sequence += 1
      const id = `${tabId}:${sequence}`
      const body = ['GET', 'HEAD'].includes(request.method) ? null : await request.arrayBuffer()
      const headers: HeaderList = []
      request.headers.forEach((value, name) => headers.push([name, value]))
      const message = {
        kind: 'request' as const,
        id,
        from: tabId,
        method: request.method,
        url: request.url,
        headers,
        body,
      }
      return new Promise<Response | undefined>((resolve) => {
        const timer = setTimeout(() => {
          settle(id)
          resolve(unavailable('no tab answered for the demo backend'))
        }, answerTimeoutMs)
        pending.set(id, { message, resolve, stream: null, timer })
        request.signal.addEventListener(
          'abort',
          () => {
            post({ kind: 'abort', id })
            const entry = pending.get(id)
            entry?.stream?.error(new DOMException('The request was aborted', 'AbortError'))
            settle(id)
          },
          { once: true },
        )
        post(message)
      })
    },
    close: () => {
      isClosed = true
      channel.removeEventListener('message', onMessage)
      for (const controller of serving.values()) controller.abort()
      for (const id of [...pending.keys()]) settle(id)
    },
  }
}
