import { whenOffered } from './offered'
import { queryOptions } from '@tanstack/react-query'
import {
  decodeArtifact,
  decodeArtifactList,
  decodeSessionFile,
  decodeSessionFilePage,
  dispositionFileName,
  type SessionArtifact,
  type SessionFile,
} from './decode-files'
import { sessionKeys } from './keys'
import { useWrite, type WriteOptions, type WriteSpec } from '../write'
import { api } from '@/api/client'

/**
 * Session files and artifacts. A server that does not serve these routes (the 2026-08 release
 * answers 404 for all of them) is not an error: the panel says the server does not offer them.
 */

/** `builder.agent-api.files.max-bytes`' default; a larger upload is refused with 413. */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024

// Under the session's detail key, so refreshing the session refreshes these too.
export const sessionFileKeys = {
  files: (sessionId: string) => [...sessionKeys.detail(sessionId), 'files'] as const,
  artifacts: (sessionId: string) => [...sessionKeys.detail(sessionId), 'artifacts'] as const,
}

/** The server pages by 100 at most; a session's files are read to the end. */
const FILE_PAGE = 100
const MAX_FILE_PAGES = 20

export const sessionFilesQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionFileKeys.files(sessionId),
    queryFn: ({ signal }) =>
      whenOffered(async () => {
        const files: SessionFile[] = []
        let offset = 0
        for (let page = 0; page < MAX_FILE_PAGES; page += 1) {
          const { data } = await api().GET('/api/v1/agent-sessions/{session}/files', {
            params: { path: { session: sessionId }, query: { offset, limit: FILE_PAGE } },
            signal,
          })
          const decoded = decodeSessionFilePage(data)
          files.push(...decoded.files)
          if (decoded.nextOffset === null) break
          offset = decoded.nextOffset
        }
        return files
      }),
  })

export const sessionArtifactsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionFileKeys.artifacts(sessionId),
    queryFn: ({ signal }) =>
      whenOffered(async () => {
        const { data } = await api().GET('/api/v1/agent-sessions/{session}/artifacts', {
          params: { path: { session: sessionId } },
          signal,
        })
        return decodeArtifactList(data)
      }),
  })

/** One upload: the chosen file and the key of this user action (a retry sends the same key). */
export type FileUpload = { file: File; idempotencyKey: string }

async function uploadFile(sessionId: string, { file, idempotencyKey }: FileUpload) {
  const { data } = await api().POST('/api/v1/agent-sessions/{session}/files', {
    params: {
      path: { session: sessionId },
      // The server percent-decodes the name (URLDecoder), so any name survives the header.
      header: { 'Idempotency-Key': idempotencyKey, 'X-File-Name': encodeURIComponent(file.name) },
    },
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  })
  return decodeSessionFile(data)
}

/** A lost answer may have stored the file anyway, so the list is read again either way. */
function filesWrite<TData, TVariables>(
  sessionId: string,
  write: (variables: TVariables) => Promise<TData>,
  what: 'files' | 'artifacts',
): WriteSpec<TData, TVariables> {
  return {
    write,
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: sessionFileKeys[what](sessionId) }),
    refreshAfter: 'settled',
  }
}

export function useUploadSessionFile(sessionId: string, options?: WriteOptions<SessionFile, FileUpload>) {
  return useWrite(
    filesWrite(sessionId, (upload: FileUpload) => uploadFile(sessionId, upload), 'files'),
    options,
  )
}

/** A download: the bytes and the name the server gave them (its `Content-Disposition`). */
export type FileDownload = { blob: Blob; fileName: string }

export async function downloadSessionFile(sessionId: string, file: SessionFile): Promise<FileDownload> {
  const { response } = await api().GET('/api/v1/agent-sessions/{session}/files/{file}/content', {
    params: { path: { session: sessionId, file: file.fileId } },
    parseAs: 'stream',
  })
  const blob = await response.blob()
  return { blob, fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? file.name }
}

export type ArtifactPublication =
  | { source: 'file'; fileId: string; idempotencyKey: string }
  | { source: 'uri'; name: string; uri: string; sha256?: string; idempotencyKey: string }

async function publishArtifact(sessionId: string, publication: ArtifactPublication) {
  const body =
    publication.source === 'file'
      ? { file_id: publication.fileId }
      : {
          name: publication.name,
          uri: publication.uri,
          ...(publication.sha256 ? { sha256: publication.sha256 } : {}),
        }
  const { data } = await api().POST('/api/v1/agent-sessions/{session}/artifacts', {
    params: { path: { session: sessionId }, header: { 'Idempotency-Key': publication.idempotencyKey } },
    body,
  })
  return decodeArtifact(data)
}

export function usePublishArtifact(
  sessionId: string,
  options?: WriteOptions<SessionArtifact, ArtifactPublication>,
) {
  return useWrite(
    filesWrite(
      sessionId,
      (publication: ArtifactPublication) => publishArtifact(sessionId, publication),
      'artifacts',
    ),
    options,
  )
}

async function revokeArtifact(sessionId: string, artifactId: string) {
  // An empty 200: nothing to decode.
  await api().DELETE('/api/v1/agent-sessions/{session}/artifacts/{artifact}', {
    params: { path: { session: sessionId, artifact: artifactId } },
  })
}

export function useRevokeArtifact(sessionId: string, options?: WriteOptions<void, string>) {
  return useWrite(
    filesWrite(sessionId, (artifactId: string) => revokeArtifact(sessionId, artifactId), 'artifacts'),
    options,
  )
}
