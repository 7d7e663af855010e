import { describe, expect, it } from 'vitest'
import {
  buildExportFile,
  describeExportBody,
  formatManifestLine,
  readManifest,
  sha256Hex,
} from './export-manifest'

const encode = (text: string) => new TextEncoder().encode(text)

/** The manifest line of an export with no events, as an object. */
const emptyManifestLine = () =>
  JSON.parse(
    formatManifestLine({
      sessionId: 's',
      lastCursor: null,
      count: 0,
      sha256: 'a'.repeat(64),
      exportedAt: 1,
      context: null,
    }),
  ) as Record<string, unknown>

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
      context: null,
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
    const line = emptyManifestLine()
    expect(readManifest(line)).not.toBeNull()
    expect(readManifest({ ...line, sha256: '<b>x</b>' })).toBeNull()
    expect(readManifest({ ...line, count: -1 })).toBeNull()
    expect(readManifest({ ...line, version: 2 })).toBeNull()
  })

  it('carries where the calls ran beside the hash, and reads back the same facts', async () => {
    const body = encode('{"id":"e1","cursor":"c1"}\n')
    const context = {
      environmentId: 'env_1',
      environment: { id: 'env_1', name: 'build', type: 'self_hosted' },
      isEnvironmentGone: false,
      workItems: [
        {
          id: 'work_1',
          sessionId: 'sess_1',
          environmentId: 'env_1',
          ownerId: 'u',
          status: 'stopped' as const,
          claimedBy: 'worker-a',
          workDir: null,
          createdAt: 10,
          updatedAt: 20,
          metadata: {},
        },
      ],
    }
    const { blob, manifest } = await buildExportFile('sess_1', body, 42, context)
    // The hash is of the server's bytes alone: the console's addition does not change it.
    expect(manifest.sha256).toBe(await sha256Hex(body))
    const text = await blob.text()
    const line = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>
    expect(line.context).toMatchObject({ environment_id: 'env_1', environment_gone: false })
    expect(readManifest(line)?.context).toEqual(context)
  })

  it('drops what is malformed in a context and keeps the manifest', () => {
    const line = emptyManifestLine()
    const hostile = {
      ...line,
      context: {
        environment_id: 7,
        environment: { id: 'env_1', name: '<img src=x onerror=alert(1)>', config: { secret: 'x' } },
        environment_gone: 'yes',
        work_items: [{ id: 'w', status: 'exploded' }, 'text', null],
      },
    }
    expect(readManifest(hostile)).toMatchObject({
      sessionId: 's',
      // An environment without a type is not one; a flag that is not `true` is not set.
      context: { environmentId: null, environment: null, isEnvironmentGone: false, workItems: [] },
    })
    expect(readManifest({ ...line, context: 'nonsense' })?.context).toBeNull()
  })
})
