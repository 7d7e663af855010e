import { buildExportFile, type ExportManifest } from './export-manifest'
import { api } from '@/api/client'

export type SessionExport = { blob: Blob; manifest: ExportManifest; fileName: string }

/**
 * A session's public events as the server exports them (`GET {S}/export`, JSONL up to the head
 * at the time of the request), saved with the console's manifest line in front. The body is kept
 * byte for byte; the manifest's SHA-256 is of those bytes.
 */
export async function exportSessionEvents(sessionId: string, signal?: AbortSignal): Promise<SessionExport> {
  const { response } = await api().GET('/api/v1/agent-sessions/{session}/export', {
    params: { path: { session: sessionId } },
    parseAs: 'stream',
    signal,
  })
  const body = new Uint8Array(await response.arrayBuffer())
  const { blob, manifest } = await buildExportFile(sessionId, body, Date.now())
  return { blob, manifest, fileName: `${sessionId}-events.jsonl` }
}
