import type { components } from '@/api/schema.gen'
import type { SessionRecord } from '../db/types'

/**
 * Session files as upstream's SessionFileService keeps them (b589d28e): immutable, per session,
 * the bytes next to their metadata, the id derived from (session, Idempotency-Key).
 */

type SessionFile = components['schemas']['SessionFile']

export type StoredFile = {
  file_id: string
  name: string
  media_type: string
  size: number
  sha256: string
  created_at: number
  bytes: Uint8Array
}

/** `builder.agent-api.files.max-bytes`' default: 16 MiB. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024

// Keyed by the record so a reset (which builds new records) forgets every file with its session.
const stores = new WeakMap<SessionRecord, Map<string, StoredFile>>()

export function filesOf(record: SessionRecord): Map<string, StoredFile> {
  let files = stores.get(record)
  if (!files) {
    files = new Map()
    stores.set(record, files)
  }
  return files
}

/** Lower-case hex SHA-256, as JournalSessionLog.hash answers it. */
export async function sha256Hex(bytes: Uint8Array | string): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  const digest = await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>)
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** What every answer carries: the metadata without the bytes, plus where to download them. */
export function fileMetadata(sessionId: string, file: StoredFile): SessionFile {
  const { bytes: _bytes, ...metadata } = file
  return {
    ...metadata,
    download_url: `/api/v1/agent-sessions/${sessionId}/files/${file.file_id}/content`,
  }
}

/**
 * `Content-Disposition` as Spring's `ContentDisposition.attachment().filename(name, UTF_8)`
 * builds it: an ASCII fallback in `filename` and the exact name in RFC 5987 `filename*`.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '\\$&')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
