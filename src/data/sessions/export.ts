import { buildExportFile, type ExportContext, type ExportManifest } from './export-manifest'
import { api } from '@/api/client'
import { isApiError } from '@/api/api-error'
import { decodeEnvironment } from '../environments/decode-environment'
import { decodeWorkItemList } from '../work/decode-work-item'

export type SessionExport = { blob: Blob; manifest: ExportManifest; fileName: string }

/**
 * Where the session's tool calls ran, as the console shows it on the tool cards: the environment
 * and, for a self-hosted one, this session's work items. Null when it cannot be read now (the
 * file is still worth saving; its cards then say less); a 404 is itself the answer (gone).
 */
async function readExportContext(
  sessionId: string,
  environmentId: string | null,
  signal?: AbortSignal,
): Promise<ExportContext | null> {
  if (environmentId === null)
    return { environmentId, environment: null, isEnvironmentGone: false, workItems: [] }
  try {
    const { data } = await api().GET('/api/environments/{id}', {
      params: { path: { id: environmentId } },
      signal,
    })
    const { id, name, type } = decodeEnvironment(data)
    let workItems: ExportContext['workItems'] = []
    if (type === 'self_hosted') {
      const work = await api().GET('/api/environments/{id}/work', {
        params: { path: { id: environmentId }, query: {} },
        signal,
      })
      workItems = decodeWorkItemList(work.data).filter((item) => item.sessionId === sessionId)
    }
    return { environmentId, environment: { id, name, type }, isEnvironmentGone: false, workItems }
  } catch (error) {
    if (isApiError(error) && error.status === 404)
      return { environmentId, environment: null, isEnvironmentGone: true, workItems: [] }
    if (signal?.aborted) throw error
    return null
  }
}

/**
 * A session's public events as the server exports them (`GET {S}/export`, JSONL up to the head
 * at the time of the request), saved with the console's manifest line in front. The body is kept
 * byte for byte; the manifest's SHA-256 is of those bytes. The manifest also carries where the
 * calls ran (the environment and its work items), which the server's export does not include.
 */
export async function exportSessionEvents(
  sessionId: string,
  environmentId: string | null,
  signal?: AbortSignal,
): Promise<SessionExport> {
  const [body, context] = await Promise.all([
    api()
      .GET('/api/v1/agent-sessions/{session}/export', {
        params: { path: { session: sessionId } },
        parseAs: 'stream',
        signal,
      })
      .then(async ({ response }) => new Uint8Array(await response.arrayBuffer())),
    readExportContext(sessionId, environmentId, signal),
  ])
  const { blob, manifest } = await buildExportFile(sessionId, body, Date.now(), context)
  return { blob, manifest, fileName: `${sessionId}-events.jsonl` }
}
