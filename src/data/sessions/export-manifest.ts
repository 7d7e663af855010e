import { decodeWorkItem } from '../work/decode-work-item'
import type { WorkItem } from '../work/types'
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

/**
 * What the console knew, when it saved the file, about where the session's tool calls ran: the
 * environment (its name and type only, never its config) and this session's work items with the
 * workers that claimed them. The server's export has no such facts, so without them a file's
 * tool cards could not say where each call ran. It is the console's own addition, outside the
 * SHA-256 (which covers the server's bytes alone), and as untrusted as the rest of the file.
 */
export type ExportContext = {
  /** The session's environment (null: none was chosen). */
  environmentId: string | null
  /** Its name and type; null when it could not be read (gone, say). */
  environment: { id: string; name: string; type: string } | null
  /** The session's environment answered 404 when the file was saved. */
  isEnvironmentGone: boolean
  workItems: WorkItem[]
}

export type ExportManifest = {
  sessionId: string
  /** The cursor of the last event in the body; null for an empty log. */
  lastCursor: string | null
  count: number
  /** Hex SHA-256 of the body bytes (everything after the manifest line). */
  sha256: string
  exportedAt: number
  /** Absent from files saved before it existed, and from a raw server export. */
  context: ExportContext | null
}

function formatContext(context: ExportContext) {
  return {
    environment_id: context.environmentId,
    environment: context.environment,
    environment_gone: context.isEnvironmentGone,
    // In the server's own shape, so the same decoder reads them back.
    work_items: context.workItems,
  }
}

/** The context as a file says it; anything malformed in it is dropped, never the manifest. */
function readContext(value: unknown): ExportContext | null {
  if (!isRecord(value)) return null
  const environment = isRecord(value.environment) ? value.environment : null
  const id = readText(environment?.id)
  const type = readText(environment?.type)
  const workItems = (Array.isArray(value.work_items) ? value.work_items : []).flatMap((item): WorkItem[] => {
    try {
      return [decodeWorkItem(item)]
    } catch {
      return []
    }
  })
  return {
    environmentId: readText(value.environment_id),
    environment: id !== null && type !== null ? { id, name: readText(environment?.name) ?? id, type } : null,
    isEnvironmentGone: value.environment_gone === true,
    workItems,
  }
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
    ...(manifest.context ? { context: formatContext(manifest.context) } : {}),
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
  return { sessionId, lastCursor, count, sha256, exportedAt, context: readContext(value.context) }
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
  context: ExportContext | null = null,
): Promise<{ blob: Blob; manifest: ExportManifest }> {
  const { count, lastCursor } = describeExportBody(body)
  const sha256 = await sha256Hex(body)
  const manifest: ExportManifest = { sessionId, lastCursor, count, sha256, exportedAt, context }
  const blob = new Blob([`${formatManifestLine(manifest)}\n`, body], { type: 'application/x-ndjson' })
  return { blob, manifest }
}
