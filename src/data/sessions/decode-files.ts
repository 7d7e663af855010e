import { expectList, expectRecord, malformedField } from '@/api/response-guards'
import { isRecord, readNumber, readString, readText, readTime } from '@/lib/read-fields'

/*
 * Session files (POST/GET {S}/files) and artifacts (GET/POST {S}/artifacts), as upstream's
 * SessionFileService and AgentSessionArtifactsController answer them. Names come from whoever
 * uploaded or published: the screens render them as text and neutralise them like every name.
 */

export type SessionFile = {
  fileId: string
  name: string
  mediaType: string
  size: number
  sha256: string
  createdAt: number | null
}

export type ArtifactStatus = 'published' | 'deleted'

export type SessionArtifact = {
  artifactId: string
  /** The session file it publishes, or null for an external https reference. */
  fileId: string | null
  name: string
  uri: string
  mediaType: string
  /** Empty when the publisher gave none. */
  sha256: string
  status: ArtifactStatus
}

export function decodeSessionFile(value: unknown, what = 'session file'): SessionFile {
  const record = expectRecord(value, what)
  const fileId = readText(record.file_id)
  if (fileId === null) throw malformedField(what, 'file_id')
  const size = readNumber(record.size)
  if (size === null) throw malformedField(what, 'size')
  return {
    fileId,
    name: readString(record.name) ?? fileId,
    mediaType: readText(record.media_type) ?? 'application/octet-stream',
    size,
    sha256: readString(record.sha256) ?? '',
    createdAt: readTime(record.created_at),
  }
}

export type SessionFilePage = { files: SessionFile[]; nextOffset: number | null }

export function decodeSessionFilePage(value: unknown): SessionFilePage {
  const record = expectRecord(value, 'session file list')
  const files = expectList(record.data, 'session file list').map((entry) => decodeSessionFile(entry))
  const nextOffset = readNumber(record.next_offset)
  return { files, nextOffset: record.has_more === true && nextOffset !== null ? nextOffset : null }
}

/** The publish answer (an artifact) or one entry of the view (an envelope whose `data` is one). */
export function decodeArtifact(value: unknown, what = 'artifact'): SessionArtifact {
  const record = expectRecord(value, what)
  const artifactId = readText(record.artifact_id)
  if (artifactId === null) throw malformedField(what, 'artifact_id')
  return {
    artifactId,
    fileId: readText(record.file_id),
    name: readString(record.name) ?? artifactId,
    uri: readString(record.uri) ?? '',
    mediaType: readText(record.media_type) ?? 'application/octet-stream',
    sha256: readString(record.sha256) ?? '',
    status: record.status === 'deleted' ? 'deleted' : 'published',
  }
}

export function decodeArtifactList(value: unknown): SessionArtifact[] {
  const record = expectRecord(value, 'artifact list')
  return expectList(record.data, 'artifact list')
    .filter(isRecord)
    .map((envelope) => decodeArtifact(envelope.data, 'artifact'))
}

/**
 * The file name the server gave a download: RFC 5987 `filename*` first (the exact name), then
 * `filename`; null when it sent neither.
 */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header)
  const name = plain?.[1]?.replace(/\\(.)/g, '$1').trim()
  return name ? name : null
}
