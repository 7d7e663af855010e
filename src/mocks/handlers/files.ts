import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { http } from '../lib/openapi-http'
import { isResponse } from '../lib/request-context'
import { isRecord, readJsonBody, sessionApiError } from '../lib/responses'
import { appendEvent, headCursor } from '../lib/event-log'
import {
  attachmentDisposition,
  fileMetadata,
  filesOf,
  MAX_FILE_BYTES,
  sha256Hex,
  type StoredFile,
} from '../lib/session-files'
import { badRequest, conflict, findSession, findSessionForChange } from './session-common'

/**
 * Session files and artifacts as upstream answers them (b589d28e):
 * AgentSessionFilesController + SessionFileService, AgentSessionArtifactsController, and the
 * `artifacts` view of AgentSessionEventsController. Messages are the server's own words.
 */

type Artifact = components['schemas']['Artifact']
type Envelope = components['schemas']['ResourceEnvelope']

export const FILE_NAME_OR_KEY_INVALID = 'Valid file name and Idempotency-Key required'
export const FILE_KEY_REUSED = 'File key reused with different content or metadata'
export const FILE_NOT_FOUND = 'File not found in this session'
export const ARTIFACT_FILE_OR_URI = 'Supply file_id or uri and a valid key'
export const ARTIFACT_FIELDS_REQUIRED = 'Valid artifact name, URI and key required'
export const ARTIFACT_URI_INVALID = 'Invalid artifact URI'
export const ARTIFACT_HTTPS_ONLY = 'Artifact publication requires an HTTPS reference without credentials'
export const ARTIFACT_SHA_INVALID = 'Invalid SHA-256'

/** Spring's answer for a missing `@RequestHeader`. */
const missingHeader = (request: Request, name: string) =>
  badRequest(request, `Required header '${name}' is not present.`)

/** Spring's MediaType.parseMediaType, in the part the console can send wrong: `type/subtype`. */
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/

/** The `artifacts` view: the latest `artifact.*` envelope per artifact, in publication order. */
export function artifactEnvelopes(record: SessionRecord): Envelope[] {
  const byId = new Map<string, Envelope>()
  for (const event of record.events) {
    if (event.type !== 'artifact.published' && event.type !== 'artifact.deleted') continue
    const id = typeof event.data.artifact_id === 'string' ? event.data.artifact_id : null
    if (!id) continue
    const previous = byId.get(id)
    // A revocation keeps what was published and records the new status, as the events carry it.
    byId.set(id, { ...event, id, type: 'artifact.updated', data: { ...previous?.data, ...event.data } })
  }
  return [...byId.values()]
}

const wasPublished = (record: SessionRecord, id: string) =>
  record.events.some((event) => event.type === 'artifact.published' && event.data.artifact_id === id)

export function createFileHandlers(backend: MockBackend): HttpHandler[] {
  const fileNotFound = (request: Request) => sessionApiError(request, 404, 'not_found', FILE_NOT_FOUND)

  const upload = async (request: Request, sessionId: string): Promise<Response> => {
    const key = request.headers.get('Idempotency-Key')
    if (key === null) return missingHeader(request, 'Idempotency-Key')
    const rawName = request.headers.get('X-File-Name')
    if (rawName === null) return missingHeader(request, 'X-File-Name')
    const access = findSessionForChange(backend, request, sessionId)
    if (isResponse(access)) return access
    const bytes = new Uint8Array(await request.arrayBuffer())
    let name: string
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '))
    } catch {
      return badRequest(request, FILE_NAME_OR_KEY_INVALID)
    }
    if (
      key.trim() === '' ||
      key.length > 256 ||
      name.trim() === '' ||
      name.length > 512 ||
      /[\r\n]/.test(name)
    ) {
      return badRequest(request, FILE_NAME_OR_KEY_INVALID)
    }
    // ResponseStatusException(PAYLOAD_TOO_LARGE) carries no reason: the status is the message.
    if (bytes.length > MAX_FILE_BYTES) return sessionApiError(request, 413, 'payload_too_large', '')
    const mediaType = (request.headers.get('Content-Type') ?? 'application/octet-stream').trim()
    if (!MEDIA_TYPE.test(mediaType)) return badRequest(request, 'Invalid media type')
    const { record } = access
    const fileId = `file_${await sha256Hex(`${record.session.id}\n${key}`)}`
    const stored: StoredFile = {
      file_id: fileId,
      name,
      media_type: mediaType,
      size: bytes.length,
      sha256: await sha256Hex(bytes),
      created_at: backend.clock.now(),
      bytes,
    }
    const files = filesOf(record)
    const existing = files.get(fileId)
    if (existing) {
      const isSame =
        existing.name === stored.name &&
        existing.media_type === stored.media_type &&
        existing.sha256 === stored.sha256
      if (!isSame) return conflict(request, 'conflict', FILE_KEY_REUSED)
      return Response.json(fileMetadata(record.session.id, existing), { status: 201 })
    }
    files.set(fileId, stored)
    return Response.json(fileMetadata(record.session.id, stored), { status: 201 })
  }

  const findFile = (request: Request, sessionId: string, fileId: string) => {
    const access = findSession(backend, request, sessionId)
    if (isResponse(access)) return access
    return filesOf(access.record).get(fileId) ?? fileNotFound(request)
  }

  const publish = async (request: Request, sessionId: string): Promise<Response> => {
    const key = request.headers.get('Idempotency-Key')
    if (key === null) return missingHeader(request, 'Idempotency-Key')
    const access = findSessionForChange(backend, request, sessionId)
    if (isResponse(access)) return access
    const { record } = access
    const body = await readJsonBody(request)
    if (!body.ok || !isRecord(body.value)) return badRequest(request, 'body must be a JSON object')
    const input = body.value
    const text = (field: string): string | null => (typeof input[field] === 'string' ? input[field] : null)
    const fileId = text('file_id')
    const name = text('name')
    const uri = text('uri')
    const mediaType = text('media_type')
    const sha256 = text('sha256')
    const keyInvalid = key.trim() === '' || key.length > 256
    const artifactId = await sha256Hex(`${record.session.id}\n${key}`)
    let artifact: Artifact
    if (fileId !== null) {
      if (uri !== null || keyInvalid) return badRequest(request, ARTIFACT_FILE_OR_URI)
      const file = filesOf(record).get(fileId)
      if (!file) return fileNotFound(request)
      const metadata = fileMetadata(record.session.id, file)
      artifact = {
        artifact_id: artifactId,
        file_id: fileId,
        name: metadata.name,
        uri: metadata.download_url,
        media_type: metadata.media_type,
        sha256: metadata.sha256,
        status: 'published',
      }
    } else {
      if (keyInvalid || !name?.trim() || name.length > 512 || uri === null || uri.length > 4096) {
        return badRequest(request, ARTIFACT_FIELDS_REQUIRED)
      }
      let parsed: URL
      try {
        parsed = new URL(uri)
      } catch {
        return badRequest(request, ARTIFACT_URI_INVALID)
      }
      if (
        parsed.protocol !== 'https:' ||
        parsed.hostname === '' ||
        parsed.username !== '' ||
        parsed.password !== ''
      ) {
        return badRequest(request, ARTIFACT_HTTPS_ONLY)
      }
      if (sha256 !== null && !/^[0-9a-fA-F]{64}$/.test(sha256))
        return badRequest(request, ARTIFACT_SHA_INVALID)
      artifact = {
        artifact_id: artifactId,
        name,
        uri,
        media_type: mediaType ?? 'application/octet-stream',
        sha256: sha256 ?? '',
        status: 'published',
      }
    }
    // appendIdempotent: a retry under the same key appends nothing new.
    if (!wasPublished(record, artifactId)) {
      appendEvent(record, 'artifact.published', { ...artifact }, backend.clock.now())
    }
    return Response.json(artifact, { status: 201 })
  }

  return [
    http.post('/api/v1/agent-sessions/{session}/files', async ({ request, params, response }) =>
      response.untyped(await upload(request, params.session)),
    ),
    http.get('/api/v1/agent-sessions/{session}/files', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const search = new URL(request.url).searchParams
      const offset = Number(search.get('offset') ?? '0')
      const limit = Number(search.get('limit') ?? '50')
      if (!Number.isInteger(offset) || !Number.isInteger(limit) || offset < 0 || limit < 1 || limit > 100) {
        return response.untyped(badRequest(request, 'Invalid page'))
      }
      const all = [...filesOf(access.record).values()]
      const page = all.slice(offset, offset + limit)
      return response(200).json({
        data: page.map((file) => fileMetadata(access.record.session.id, file)),
        next_offset: offset + page.length,
        has_more: all.length > offset + limit,
      })
    }),
    http.get('/api/v1/agent-sessions/{session}/files/{file}', ({ request, params, response }) => {
      const file = findFile(request, params.session, params.file)
      if (isResponse(file)) return response.untyped(file)
      return response(200).json(fileMetadata(params.session, file))
    }),
    http.get('/api/v1/agent-sessions/{session}/files/{file}/content', ({ request, params, response }) => {
      const file = findFile(request, params.session, params.file)
      if (isResponse(file)) return response.untyped(file)
      return response.untyped(
        new Response(file.bytes as Uint8Array<ArrayBuffer>, {
          status: 200,
          headers: {
            'Content-Type': file.media_type,
            'Content-Disposition': attachmentDisposition(file.name),
            'Cache-Control': 'private, no-store',
            'X-Content-Type-Options': 'nosniff',
            ETag: `"${file.sha256}"`,
          },
        }),
      )
    }),
    http.get('/api/v1/agent-sessions/{session}/artifacts', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      return response(200).json({ data: artifactEnvelopes(access.record), as_of: headCursor(access.record) })
    }),
    http.post('/api/v1/agent-sessions/{session}/artifacts', async ({ request, params, response }) =>
      response.untyped(await publish(request, params.session)),
    ),
    http.delete('/api/v1/agent-sessions/{session}/artifacts/{artifact}', ({ request, params, response }) => {
      const access = findSessionForChange(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const { record } = access
      if (!wasPublished(record, params.artifact)) {
        return response.untyped(sessionApiError(request, 404, 'not_found', ''))
      }
      const alreadyDeleted = record.events.some(
        (event) => event.type === 'artifact.deleted' && event.data.artifact_id === params.artifact,
      )
      if (!alreadyDeleted) {
        appendEvent(
          record,
          'artifact.deleted',
          { artifact_id: params.artifact, status: 'deleted' },
          backend.clock.now(),
        )
      }
      return response.untyped(new Response(null, { status: 200 }))
    }),
  ]
}
