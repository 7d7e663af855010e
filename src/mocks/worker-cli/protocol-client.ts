import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']
export type WorkItem = Schemas['WorkItem']
export type PendingTool = Schemas['PendingTool']
export type ToolResult = Schemas['ToolResult']

/** The server refused the environment key (401): it is wrong, or it was rotated. */
export class KeyRejectedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'KeyRejectedError'
  }
}

/** Any other refusal, with the dataplane's error code when the body carried one. */
export class ProtocolHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ProtocolHttpError'
  }
}

async function readError(response: Response): Promise<{ code: string; message: string }> {
  const text = await response.text()
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; code?: unknown }
    const inner =
      typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : body
    const code = typeof inner.code === 'string' ? inner.code : `http_${response.status}`
    const message =
      typeof inner.message === 'string' ? inner.message : typeof body.error === 'string' ? body.error : text
    return { code, message }
  } catch {
    return { code: `http_${response.status}`, message: text.slice(0, 300) || response.statusText }
  }
}

/**
 * The worker protocol over HTTP (DESIGN §2): only outbound calls, authenticated by the environment
 * key alone. Works against `npm run mock:serve` and a real Gateway alike.
 */
export class ProtocolClient {
  constructor(
    private readonly baseUrl: string,
    private readonly environmentId: string,
    private readonly environmentKey: string,
  ) {}

  private async call(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'X-Builder-Environment-Key': this.environmentKey }
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(
      `${this.baseUrl}/api/environments/${encodeURIComponent(this.environmentId)}${path}`,
      {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
    )
    if (response.ok) return response
    const { code, message } = await readError(response)
    if (response.status === 401) throw new KeyRejectedError(code, message)
    throw new ProtocolHttpError(response.status, code, message)
  }

  /** A claimed item (`starting`), or null when nothing is queued (204). */
  async poll(workerId: string, timeoutMs: number): Promise<WorkItem | null> {
    const query = `workerId=${encodeURIComponent(workerId)}&timeoutMs=${timeoutMs}`
    const response = await this.call(`/work/poll?${query}`)
    if (response.status === 204) return null
    return (await response.json()) as WorkItem
  }

  async ack(workId: string, body: { workerId: string; workDir: string }): Promise<WorkItem> {
    return (await (await this.call(`/work/${workId}/ack`, { method: 'POST', body })).json()) as WorkItem
  }

  async heartbeat(workId: string, workerId: string): Promise<WorkItem> {
    const response = await this.call(`/work/${workId}/heartbeat`, { method: 'POST', body: { workerId } })
    return (await response.json()) as WorkItem
  }

  async stop(workId: string, workerId: string): Promise<WorkItem> {
    return (await (
      await this.call(`/work/${workId}/stop`, { method: 'POST', body: { workerId } })
    ).json()) as WorkItem
  }

  async pendingTools(sessionId: string): Promise<PendingTool[]> {
    return (await (await this.call(`/sessions/${sessionId}/pending-tools`)).json()) as PendingTool[]
  }

  async postResults(sessionId: string, results: ToolResult[]): Promise<void> {
    await this.call(`/sessions/${sessionId}/tool-results`, { method: 'POST', body: { results } })
  }
}
