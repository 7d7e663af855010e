import { describe, expect, it } from 'vitest'
import {
  checkManifest,
  ExportReader,
  MAX_DEPTH,
  MAX_LINE_CHARS,
  nestsDeeperThan,
  readExportChunks,
  type ExportReadReport,
} from './export-reader'
import { buildExportFile, sha256Hex } from '@/data/sessions/export-manifest'
import type { PublicEvent } from '@/data/sessions/types'

const SESSION = 'sess_export01'

function envelope(seq: number, type = 'item.completed', data: Record<string, unknown> = {}): PublicEvent {
  return {
    schema_version: 1,
    id: `evt_${seq}`,
    type,
    session_id: SESSION,
    created_at: 1_700_000_000_000 + seq,
    cursor: `c${seq}`,
    data,
  }
}

const line = (event: unknown) => `${JSON.stringify(event)}\n`

async function* chunksOf(text: string, size: number) {
  for (let start = 0; start < text.length; start += size) {
    await Promise.resolve()
    yield text.slice(start, start + size)
  }
}

async function readAll(text: string, size = 7): Promise<{ events: PublicEvent[]; report: ExportReadReport }> {
  const events: PublicEvent[] = []
  const report = await readExportChunks(chunksOf(text, size), (batch) => events.push(...batch), {
    yieldNow: () => Promise.resolve(),
  })
  return { events, report }
}

describe('ExportReader', () => {
  it('reads the console export: the manifest first, then every event, whatever the chunking', async () => {
    const body = new TextEncoder().encode([1, 2, 3].map((seq) => line(envelope(seq))).join(''))
    const { blob, manifest } = await buildExportFile(SESSION, body, 5)
    const text = await blob.text()
    for (const size of [1, 3, 64, text.length]) {
      const { events, report } = await readAll(text, size)
      expect(events.map((event) => event.id)).toEqual(['evt_1', 'evt_2', 'evt_3'])
      expect(report.manifest).toEqual(manifest)
      expect(report).toMatchObject({
        sessionId: SESSION,
        events: 3,
        lines: 3,
        lastCursor: 'c3',
        problemCount: 0,
      })
      // The body starts right after the manifest line: its bytes are the server's, hashed as sent.
      expect(new Uint8Array(await blob.slice(report.bodyOffset).arrayBuffer())).toEqual(body)
    }
    expect(manifest).toMatchObject({ count: 3, lastCursor: 'c3', sessionId: SESSION })
  })

  it('reads a raw server export (no manifest) and takes the session from its first event', async () => {
    const { events, report } = await readAll(line(envelope(1)) + line(envelope(2)))
    expect(events).toHaveLength(2)
    expect(report).toMatchObject({ manifest: null, bodyOffset: 0, sessionId: SESSION })
  })

  it('names the first broken line, counts the others, and keeps every event around them', async () => {
    const text = [
      line(envelope(1)),
      '{"schema_version":1,"id":\n', // cut in the middle
      line(envelope(2)),
      'not json at all\n',
      line({ schema_version: 2, id: 'x' }), // JSON, but not a v1 envelope
      line(envelope(3)),
    ].join('')
    const { events, report } = await readAll(text)
    expect(events.map((event) => event.id)).toEqual(['evt_1', 'evt_2', 'evt_3'])
    expect(report.firstProblem).toMatchObject({ line: 2, reason: 'not_json' })
    expect(report.problemCount).toBe(3)
    expect(report.lines).toBe(6)
  })

  it('keeps events of unknown types and lists each type with the line it first appears on', async () => {
    const text =
      line(envelope(1)) + line(envelope(2, 'hologram.projected')) + line(envelope(3, 'hologram.projected'))
    const { events, report } = await readAll(text)
    expect(events).toHaveLength(3)
    expect(report.unknownTypes).toEqual([{ type: 'hologram.projected', firstLine: 2, count: 2 }])
    expect(report.problemCount).toBe(0)
  })

  it('refuses JSON nested deeper than the limit before parsing it, and reads on', async () => {
    const deep = `{"schema_version":1,"data":${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`
    const { events, report } = await readAll(line(envelope(1)) + deep + line(envelope(2)), 4096)
    expect(events.map((event) => event.id)).toEqual(['evt_1', 'evt_2'])
    expect(report.firstProblem).toEqual({ line: 2, reason: 'too_deep', detail: null })
    expect(nestsDeeperThan(JSON.stringify({ a: [[{ b: 1 }]] }), MAX_DEPTH)).toBe(false)
    // Brackets inside strings are text, not nesting.
    expect(nestsDeeperThan(JSON.stringify({ text: '['.repeat(500) }), MAX_DEPTH)).toBe(false)
  })

  it('keeps HTML and script in text as inert characters, exactly as written', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    const event = envelope(1, 'item.completed', {
      item: { role: 'assistant', content: [{ type: 'text', text: hostile }] },
    })
    const { events } = await readAll(line(event))
    expect(events[0]).toEqual(event)
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('skips events of another session and repeated ids, naming them', async () => {
    const other = { ...envelope(9), session_id: 'sess_someoneelse' }
    const { events, report } = await readAll(line(envelope(1)) + line(other) + line(envelope(1)))
    expect(events).toHaveLength(1)
    expect(report.firstProblem).toMatchObject({
      line: 2,
      reason: 'other_session',
      detail: 'sess_someoneelse',
    })
    expect(report.problemCount).toBe(2)
  })

  it('reads a last line without a newline, CRLF endings and blank lines', async () => {
    const text = `${JSON.stringify(envelope(1))}\r\n\n\r\n${JSON.stringify(envelope(2))}`
    const { events, report } = await readAll(text)
    expect(events).toHaveLength(2)
    expect(report.problemCount).toBe(0)
  })

  it('drops a line longer than the limit as it streams, holding at most the limit, and reads on', () => {
    const reader = new ExportReader()
    expect(reader.push(line(envelope(1)))).toHaveLength(1)
    const megabyte = 'x'.repeat(1024 * 1024)
    let held = 0
    for (let index = 0; index < 100; index += 1) {
      reader.push(megabyte)
      held = Math.max(held, reader.bufferedChars)
    }
    expect(held).toBeLessThanOrEqual(MAX_LINE_CHARS)
    expect(reader.bufferedChars).toBe(0)
    expect(reader.push(`\n${line(envelope(2))}`)).toHaveLength(1)
    expect(reader.report()).toMatchObject({
      events: 2,
      firstProblem: { line: 2, reason: 'too_long', detail: null },
    })
  })
})

describe('readExportChunks', () => {
  it('hands over events chunk by chunk and yields to the page while reading a 100 MB file', async () => {
    const eventLine = line(envelope(0, 'item.completed', { pad: 'y'.repeat(400) }))
    // 64 KiB chunks (a browser's file stream) of whole and split event lines, 100 MB in all.
    const chunk = eventLine.repeat(Math.ceil(65_536 / eventLine.length))
    const chunkCount = Math.ceil((100 * 1024 * 1024) / chunk.length)
    let seq = 0
    async function* file() {
      for (let index = 0; index < chunkCount; index += 1) {
        await Promise.resolve()
        // Every event its own id, so none is dropped as a repeat.
        yield chunk.replace(/"evt_0"/g, () => `"evt_${(seq += 1)}"`)
      }
    }
    let batches = 0
    let yields = 0
    let clock = 0
    const report = await readExportChunks(file(), () => (batches += 1), {
      yieldNow: () => {
        yields += 1
        return Promise.resolve()
      },
      // Every chunk "takes" 5 ms: the reader must give the thread back every few chunks.
      now: () => (clock += 5),
      sliceMs: 12,
    })
    expect(report.events).toBe(seq)
    expect(report.problemCount).toBe(0)
    expect(batches).toBe(chunkCount)
    expect(yields).toBeGreaterThanOrEqual(chunkCount / 4)
  }, 60_000)

  it('stops when the read is abandoned', async () => {
    const abort = new AbortController()
    let delivered = 0
    async function* file() {
      yield await Promise.resolve(line(envelope(1)))
      abort.abort()
      yield line(envelope(2))
    }
    const report = await readExportChunks(file(), (events) => (delivered += events.length), {
      signal: abort.signal,
      yieldNow: () => Promise.resolve(),
    })
    expect(delivered).toBe(1)
    expect(report.events).toBe(1)
  })
})

describe('checkManifest', () => {
  async function exported(count: number) {
    const body = new TextEncoder().encode(
      Array.from({ length: count }, (_, index) => line(envelope(index + 1))).join(''),
    )
    return { body, file: (await buildExportFile(SESSION, body, 1)).blob }
  }

  it('matches an untouched file: hash, count and last cursor', async () => {
    const { body, file } = await exported(3)
    const { report } = await readAll(await file.text())
    expect(checkManifest(report, await sha256Hex(body))).toEqual({ status: 'match', mismatches: [] })
  })

  it('tells a cut file (a line lost at the end) and an edited one', async () => {
    const { file } = await exported(3)
    const text = await file.text()
    const cut = text.slice(0, text.lastIndexOf('{"schema_version"'))
    const cutRead = await readAll(cut)
    const cutBody = new TextEncoder().encode(cut).slice(cutRead.report.bodyOffset)
    expect(checkManifest(cutRead.report, await sha256Hex(cutBody))).toEqual({
      status: 'mismatch',
      mismatches: ['sha256', 'count', 'last_cursor'],
    })
    const edited = text.replace('evt_2', 'evt_X')
    const editedRead = await readAll(edited)
    const editedBody = new TextEncoder().encode(edited).slice(editedRead.report.bodyOffset)
    expect(checkManifest(editedRead.report, await sha256Hex(editedBody)).mismatches).toEqual(['sha256'])
  })

  it('cannot check a raw export', async () => {
    const { report } = await readAll(line(envelope(1)))
    expect(checkManifest(report, 'x')).toEqual({ status: 'absent', mismatches: [] })
  })
})
