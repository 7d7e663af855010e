import { describe, expect, it } from 'vitest'
import {
  buildExportFile,
  describeExportBody,
  formatManifestLine,
  readManifest,
  sha256Hex,
} from './export-manifest'

const encode = (text: string) => new TextEncoder().encode(text)

describe('export manifest', () => {
  it('puts the manifest line in front of the body bytes, untouched, with their count, last cursor and sha256', async () => {
    const body = encode('{"id":"e1","cursor":"c1"}\n{"id":"e2","cursor":"c2"}\n')
    const { blob, manifest } = await buildExportFile('sess_1', body, 42)
    expect(manifest).toEqual({
      sessionId: 'sess_1',
      lastCursor: 'c2',
      count: 2,
      sha256: await sha256Hex(body),
      exportedAt: 42,
    })
    const bytes = new Uint8Array(await blob.arrayBuffer())
    const head = `${formatManifestLine(manifest)}\n`
    expect(new TextDecoder().decode(bytes.subarray(0, head.length))).toBe(head)
    expect(bytes.subarray(head.length)).toEqual(body)
    expect(readManifest(JSON.parse(formatManifestLine(manifest)))).toEqual(manifest)
  })

  it('hashes with SHA-256 (the empty input is the well-known digest)', async () => {
    expect(await sha256Hex(new Uint8Array())).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
  })

  it('describes an empty body and one without a final newline', () => {
    expect(describeExportBody(new Uint8Array())).toEqual({ count: 0, lastCursor: null })
    expect(describeExportBody(encode('{"cursor":"a"}\n{"cursor":"b"}'))).toEqual({
      count: 2,
      lastCursor: 'b',
    })
  })

  it('reads only its own format: an event line or a forged field is not a manifest', () => {
    expect(readManifest({ schema_version: 1, id: 'e1' })).toBeNull()
    const line = JSON.parse(
      formatManifestLine({
        sessionId: 's',
        lastCursor: null,
        count: 0,
        sha256: 'a'.repeat(64),
        exportedAt: 1,
      }),
    ) as Record<string, unknown>
    expect(readManifest(line)).not.toBeNull()
    expect(readManifest({ ...line, sha256: '<b>x</b>' })).toBeNull()
    expect(readManifest({ ...line, count: -1 })).toBeNull()
    expect(readManifest({ ...line, version: 2 })).toBeNull()
  })
})
