import { isRecord, readText } from '@/lib/read-fields'

/**
 * The console's export file: one manifest line, then the body of `GET {S}/export` exactly as the
 * server sent it (one public event envelope and "\n" per line). The manifest says which session,
 * how many events, the last cursor and the SHA-256 of the body bytes, so a reader can tell a
 * complete, untouched file from a cut or edited one. A file without the manifest line (the raw
 * server answer, saved by another client) is read too; it just cannot be checked.
 */
export const EXPORT_FORMAT = 'agentscope.session-events'
export const EXPORT_FORMAT_VERSION = 1

export type ExportManifest = {
  sessionId: string
  /** The cursor of the last event in the body; null for an empty log. */
  lastCursor: string | null
  count: number
  /** Hex SHA-256 of the body bytes (everything after the manifest line). */
  sha256: string
  exportedAt: number
}

/** The manifest as its line in the file (no trailing newline). */
export function formatManifestLine(manifest: ExportManifest): string {
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    session_id: manifest.sessionId,
    last_cursor: manifest.lastCursor,
    count: manifest.count,
    sha256: manifest.sha256,
    exported_at: manifest.exportedAt,
  })
}

/** A parsed line as a manifest of this format, or null when it is anything else (an event, say). */
export function readManifest(value: unknown): ExportManifest | null {
  if (!isRecord(value) || value.format !== EXPORT_FORMAT || value.version !== EXPORT_FORMAT_VERSION)
    return null
  const sessionId = readText(value.session_id)
  const sha256 = readText(value.sha256)
  const { count, exported_at: exportedAt, last_cursor: lastCursor } = value
  if (sessionId === null || sha256 === null || !/^[0-9a-f]{64}$/.test(sha256)) return null
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null
  if (typeof exportedAt !== 'number') return null
  if (lastCursor !== null && typeof lastCursor !== 'string') return null
  return { sessionId, lastCursor, count, sha256, exportedAt }
}

/** Hex SHA-256 with Web Crypto (the browser's own implementation; nothing leaves the page). */
export async function sha256Hex(bytes: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  let hex = ''
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/**
 * Counts the lines of an export body and reads the last one's cursor, without parsing the rest:
 * a 100,000-event body is scanned for newlines once.
 */
export function describeExportBody(body: Uint8Array): { count: number; lastCursor: string | null } {
  const NEWLINE = 10
  let count = 0
  let lastStart = 0
  let lastEnd = 0
  let start = 0
  for (let index = body.indexOf(NEWLINE); index !== -1; index = body.indexOf(NEWLINE, start)) {
    if (index > start) {
      count += 1
      lastStart = start
      lastEnd = index
    }
    start = index + 1
  }
  if (start < body.length) {
    count += 1
    lastStart = start
    lastEnd = body.length
  }
  if (count === 0) return { count, lastCursor: null }
  let lastCursor: string | null = null
  try {
    const last: unknown = JSON.parse(new TextDecoder().decode(body.subarray(lastStart, lastEnd)))
    lastCursor = isRecord(last) ? readText(last.cursor) : null
  } catch {
    lastCursor = null
  }
  return { count, lastCursor }
}

/** The whole file: the manifest line, then the body bytes untouched. */
export async function buildExportFile(
  sessionId: string,
  body: Uint8Array<ArrayBuffer>,
  exportedAt: number,
): Promise<{ blob: Blob; manifest: ExportManifest }> {
  const { count, lastCursor } = describeExportBody(body)
  const manifest: ExportManifest = { sessionId, lastCursor, count, sha256: await sha256Hex(body), exportedAt }
  const blob = new Blob([`${formatManifestLine(manifest)}\n`, body], { type: 'application/x-ndjson' })
  return { blob, manifest }
}
