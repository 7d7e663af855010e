import { describe, expect, it } from 'vitest'
import {
  decodeArtifactList,
  decodeSessionFile,
  decodeSessionFilePage,
  dispositionFileName,
} from './decode-files'

describe('decodeSessionFile', () => {
  it('reads the metadata the server answers', () => {
    expect(
      decodeSessionFile({
        file_id: 'file_1',
        name: 'a.txt',
        media_type: 'text/plain',
        size: 3,
        sha256: 'ab',
        created_at: 1700000000000,
        download_url: '/x',
      }),
    ).toEqual({
      fileId: 'file_1',
      name: 'a.txt',
      mediaType: 'text/plain',
      size: 3,
      sha256: 'ab',
      createdAt: 1700000000000,
    })
  })

  it('refuses an answer without an id or size', () => {
    expect(() => decodeSessionFile({ name: 'a' })).toThrow()
    expect(() => decodeSessionFile({ file_id: 'f' })).toThrow()
  })

  it('follows the page only while the server says there is more', () => {
    const file = { file_id: 'f', size: 1 }
    expect(decodeSessionFilePage({ data: [file], next_offset: 1, has_more: false }).nextOffset).toBeNull()
    expect(decodeSessionFilePage({ data: [file], next_offset: 1, has_more: true }).nextOffset).toBe(1)
  })
})

describe('decodeArtifactList', () => {
  it('reads each envelope’s data; a revoked one keeps its name with status deleted', () => {
    const list = decodeArtifactList({
      data: [
        {
          type: 'artifact.updated',
          data: { artifact_id: 'a1', name: 'Log', uri: 'https://x/y', status: 'published' },
        },
        { type: 'artifact.updated', data: { artifact_id: 'a2', name: 'Old', status: 'deleted' } },
      ],
      as_of: 'c',
    })
    expect(list.map((artifact) => [artifact.artifactId, artifact.status, artifact.fileId])).toEqual([
      ['a1', 'published', null],
      ['a2', 'deleted', null],
    ])
  })
})

describe('dispositionFileName', () => {
  it('prefers the exact RFC 5987 name, then the quoted fallback', () => {
    expect(
      dispositionFileName(`attachment; filename="r_sum_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt`),
    ).toBe('résumé.txt')
    expect(dispositionFileName('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt')
    expect(dispositionFileName('attachment')).toBeNull()
    expect(dispositionFileName(null)).toBeNull()
  })
})
