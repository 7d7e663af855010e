import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']
export type WorkItem = Schemas['WorkItem']
export type PendingTool = Schemas['PendingTool']
export type ToolResult = Schemas['ToolResult']
export type SkillsBundle = Schemas['SkillsBundle']

/** The server refused the environment key (401, no body upstream): it is wrong, rotated, or the environment is archived. */
export class KeyRejectedError extends Error {
  constructor() {
    super('environment key rejected (401): the key is wrong, was rotated, or its environment was archived')
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
 * key alone. Works against `npm run mock:serve` and a real Gateway alike. Like upstream's worker it
 * reads no body from ack, heartbeat or stop (the server answers them with an empty 200).
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
    if (response.status === 401) {
      await response.body?.cancel()
      throw new KeyRejectedError()
    }
    const { code, message } = await readError(response)
    throw new ProtocolHttpError(response.status, code, message)
  }

  /** Answered without a body: whatever it holds is not the worker's business. */
  private async send(path: string, body?: unknown): Promise<void> {
    const response = await this.call(path, { method: 'POST', ...(body === undefined ? {} : { body }) })
    await response.body?.cancel()
  }

  /** A claimed item (`starting`), or null when nothing is claimable (204). */
  async poll(workerId: string, timeoutMs: number): Promise<WorkItem | null> {
    const query = `workerId=${encodeURIComponent(workerId)}&timeoutMs=${timeoutMs}`
    const response = await this.call(`/work/poll?${query}`)
    const text = await response.text()
    if (response.status === 204 || !text.trim()) return null
    return JSON.parse(text) as WorkItem
  }

  ack(workId: string, body: { workerId: string; workDir: string }): Promise<void> {
    return this.send(`/work/${encodeURIComponent(workId)}/ack`, body)
  }

  heartbeat(workId: string): Promise<void> {
    return this.send(`/work/${encodeURIComponent(workId)}/heartbeat`)
  }

  stop(workId: string): Promise<void> {
    return this.send(`/work/${encodeURIComponent(workId)}/stop`)
  }

  /**
   * The item as the server has it now (`GET …/work/{workId}`), or null when this server does not
   * let a worker key read items (upstream answers 403: that route wants a user token).
   */
  async readWork(workId: string): Promise<WorkItem | null> {
    try {
      return (await (await this.call(`/work/${encodeURIComponent(workId)}`)).json()) as WorkItem
    } catch (error) {
      if (error instanceof ProtocolHttpError && error.status === 403) return null
      throw error
    }
  }

  async pendingTools(sessionId: string): Promise<PendingTool[]> {
    const response = await this.call(`/sessions/${encodeURIComponent(sessionId)}/pending-tools`)
    const text = await response.text()
    return text.trim() ? (JSON.parse(text) as PendingTool[]) : []
  }

  async skills(sessionId: string): Promise<SkillsBundle> {
    return (await (
      await this.call(`/sessions/${encodeURIComponent(sessionId)}/skills`)
    ).json()) as SkillsBundle
  }

  async postResults(sessionId: string, results: ToolResult[]): Promise<void> {
    const response = await this.call(`/sessions/${encodeURIComponent(sessionId)}/tool-results`, {
      method: 'POST',
      body: { results },
    })
    await response.body?.cancel()
  }
}
