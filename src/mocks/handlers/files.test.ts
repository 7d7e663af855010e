import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { readJson, startSessionBackend, type SessionHarness } from '../testing/session-harness'
import { MAX_FILE_BYTES, sha256Hex } from '../lib/session-files'
import {
  ARTIFACT_FILE_OR_URI,
  ARTIFACT_HTTPS_ONLY,
  ARTIFACT_SHA_INVALID,
  FILE_KEY_REUSED,
  FILE_NOT_FOUND,
} from './files'

/**
 * Upstream (agentscope-ai/agentscope-java @ b589d28e, agentscope-service/service-dataplane):
 * web/api/AgentSessionFilesController.java, web/managed/SessionFileService.java and
 * web/api/AgentSessionArtifactsController.java. Each test names the behaviour it copies.
 */

type SessionFile = components['schemas']['SessionFile']
type Artifact = components['schemas']['Artifact']
type ErrorBody = { message: string }

const SESSION = MORE_SESSIONS.fresh
const filesPath = `/api/v1/agent-sessions/${SESSION}/files`
const artifactsPath = `/api/v1/agent-sessions/${SESSION}/artifacts`

let harness: SessionHarness
beforeEach(async () => {
  harness = await startSessionBackend()
})
afterEach(() => {
  harness.server.close()
  expect(harness.contractFailures).toEqual([])
})

const bytesOf = (text: string) => new TextEncoder().encode(text)

function upload(
  body: Uint8Array,
  {
    name = 'notes.txt',
    key = 'upload-1',
    type = 'text/plain',
    as,
  }: Partial<Record<'name' | 'key' | 'type', string>> & {
    as?: 'bob'
  } = {},
) {
  return harness.call(filesPath, {
    method: 'POST',
    body,
    as,
    headers: { 'X-File-Name': encodeURIComponent(name), 'Idempotency-Key': key, 'Content-Type': type },
  })
}

function publish(body: unknown, key = 'publish-1') {
  return harness.call(artifactsPath, { method: 'POST', body, headers: { 'Idempotency-Key': key } })
}

const artifactEvents = () =>
  (harness.backend.db.sessions.get(SESSION)?.events ?? []).filter((event) =>
    event.type.startsWith('artifact.'),
  )

describe('session files (SessionFileService.upload / AgentSessionFilesController)', () => {
  it('upload stores the raw body under a percent-decoded X-File-Name with its sha256 and size (201)', async () => {
    const content = bytesOf('résumé line\n')
    const response = await upload(content, { name: 'résumé <b>.txt' })
    expect(response.status).toBe(201)
    const file = await readJson<SessionFile>(response)
    expect(file).toMatchObject({
      name: 'résumé <b>.txt',
      media_type: 'text/plain',
      size: content.length,
      sha256: await sha256Hex(content),
      download_url: `${filesPath}/${file.file_id}/content`,
    })
    expect(file.file_id).toMatch(/^file_[0-9a-f]{64}$/)
  })

  it('upload is idempotent per (session, key): the same bytes answer the same file, other bytes 409 "File key reused…"', async () => {
    const first = await readJson<SessionFile>(await upload(bytesOf('one')))
    const again = await upload(bytesOf('one'))
    expect(again.status).toBe(201)
    expect((await readJson<SessionFile>(again)).file_id).toBe(first.file_id)
    const other = await upload(bytesOf('two'))
    expect(other.status).toBe(409)
    expect((await readJson<ErrorBody>(other)).message).toBe(FILE_KEY_REUSED)
  })

  it('upload over builder.agent-api.files.max-bytes (16 MiB) is 413 and stores nothing', async () => {
    const response = await upload(new Uint8Array(MAX_FILE_BYTES + 1))
    expect(response.status).toBe(413)
    const list = await readJson<{ data: SessionFile[] }>(await harness.call(filesPath))
    expect(list.data).toEqual([])
  })

  it('upload refuses a blank or multi-line name: 400 "Valid file name and Idempotency-Key required"', async () => {
    const response = await upload(bytesOf('x'), { name: 'a\nb' })
    expect(response.status).toBe(400)
    expect((await readJson<ErrorBody>(response)).message).toBe('Valid file name and Idempotency-Key required')
  })

  it("another user's session is absent (404): sessions.get filters on the caller first", async () => {
    expect((await upload(bytesOf('x'), { as: 'bob' })).status).toBe(404)
  })

  it('list answers {data, next_offset, has_more} pages of at most limit files; limit over 100 is 400 "Invalid page"', async () => {
    await upload(bytesOf('a'), { key: 'k-a', name: 'a.txt' })
    await upload(bytesOf('b'), { key: 'k-b', name: 'b.txt' })
    const page = await readJson<{ data: SessionFile[]; next_offset: number; has_more: boolean }>(
      await harness.call(`${filesPath}?limit=1`),
    )
    expect(page.data.map((file) => file.name)).toEqual(['a.txt'])
    expect(page).toMatchObject({ next_offset: 1, has_more: true })
    const bad = await harness.call(`${filesPath}?limit=101`)
    expect(bad.status).toBe(400)
    expect((await readJson<ErrorBody>(bad)).message).toBe('Invalid page')
  })

  it('download answers the bytes as an attachment with private no-store caching, nosniff and the sha256 ETag', async () => {
    const content = new Uint8Array([0, 255, 1, 128, 10])
    const file = await readJson<SessionFile>(
      await upload(content, { name: 'blob "x".bin', type: 'application/octet-stream' }),
    )
    const response = await harness.call(`${filesPath}/${file.file_id}/content`)
    expect(response.status).toBe(200)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(content)
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="blob \\"x\\".bin"; filename\*=UTF-8''/,
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('ETag')).toBe(`"${file.sha256}"`)
  })

  it('an unknown file is 404 "File not found in this session"', async () => {
    const response = await harness.call(`${filesPath}/file_missing/content`)
    expect(response.status).toBe(404)
    expect((await readJson<ErrorBody>(response)).message).toBe(FILE_NOT_FOUND)
  })
})

describe('artifacts (AgentSessionArtifactsController)', () => {
  it('publishes a session file: uri = its download_url, artifact.published appended once per key (201)', async () => {
    const file = await readJson<SessionFile>(await upload(bytesOf('report')))
    const response = await publish({ file_id: file.file_id })
    expect(response.status).toBe(201)
    const artifact = await readJson<Artifact>(response)
    expect(artifact).toMatchObject({
      file_id: file.file_id,
      name: 'notes.txt',
      uri: file.download_url,
      sha256: file.sha256,
      status: 'published',
    })
    expect(artifact.artifact_id).toMatch(/^[0-9a-f]{64}$/)
    await publish({ file_id: file.file_id })
    expect(artifactEvents().map((event) => event.type)).toEqual(['artifact.published'])
    const list = await readJson<{ data: { data: Artifact }[] }>(await harness.call(artifactsPath))
    expect(list.data.map((entry) => entry.data.artifact_id)).toEqual([artifact.artifact_id])
  })

  it('publishes an https reference with media_type defaulting to application/octet-stream and sha256 to ""', async () => {
    const artifact = await readJson<Artifact>(
      await publish({ name: 'Build log', uri: 'https://example.com/log.txt' }),
    )
    expect(artifact).toMatchObject({
      media_type: 'application/octet-stream',
      sha256: '',
      status: 'published',
    })
  })

  it.each([
    ['file_id together with uri', { file_id: 'file_x', uri: 'https://example.com/a' }, ARTIFACT_FILE_OR_URI],
    ['an http URI', { name: 'a', uri: 'http://example.com/a' }, ARTIFACT_HTTPS_ONLY],
    ['a URI with userinfo', { name: 'a', uri: 'https://user:pw@example.com/a' }, ARTIFACT_HTTPS_ONLY],
    [
      'a sha256 that is not 64 hex',
      { name: 'a', uri: 'https://example.com/a', sha256: 'abc' },
      ARTIFACT_SHA_INVALID,
    ],
    ['no name', { uri: 'https://example.com/a' }, 'Valid artifact name, URI and key required'],
  ])("refuses %s with 400 in the server's words", async (_case, body, message) => {
    const response = await publish(body)
    expect(response.status).toBe(400)
    expect((await readJson<ErrorBody>(response)).message).toBe(message)
    expect(artifactEvents()).toEqual([])
  })

  it('revoke appends artifact.deleted {artifact_id, status:"deleted"} and answers an empty 200; a never-published id is 404', async () => {
    const artifact = await readJson<Artifact>(await publish({ name: 'a', uri: 'https://example.com/a' }))
    const response = await harness.call(`${artifactsPath}/${artifact.artifact_id}`, { method: 'DELETE' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
    expect(artifactEvents().map((event) => [event.type, event.data.status])).toEqual([
      ['artifact.published', 'published'],
      ['artifact.deleted', 'deleted'],
    ])
    const missing = await harness.call(`${artifactsPath}/nope`, { method: 'DELETE' })
    expect(missing.status).toBe(404)
  })
})
