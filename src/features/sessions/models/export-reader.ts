import { eventCategory } from './event-category'
import { readManifest, type ExportManifest } from '@/data/sessions/export-manifest'
import { parsePublicEventValue } from '@/data/sessions/parse-public-event'
import type { PublicEvent } from '@/data/sessions/types'

/**
 * Reads an export file (see export-manifest.ts) line by line as its text streams in, so a 100 MB
 * file is never held as one string and its first events can be shown while the rest is read.
 * Nothing in the file is run or rendered here: a line is parsed as JSON and kept only if it is a
 * v1 event envelope of the file's session. A bad line is counted and skipped; every good line
 * before and after it is kept.
 */

/** A longer line is not parsed (its text is dropped as it streams in, not collected). */
export const MAX_LINE_CHARS = 16 * 1024 * 1024
/** Deeper JSON is refused before it is parsed: the viewers walk event data recursively. */
export const MAX_DEPTH = 64

export type LineProblemReason =
  'not_json' | 'not_event' | 'too_deep' | 'too_long' | 'other_session' | 'duplicate'

/** `line` counts from 1, the manifest line included, as an editor numbers the file. */
export type LineProblem = { line: number; reason: LineProblemReason; detail: string | null }

export type UnknownType = { type: string; firstLine: number; count: number }

export type ExportReadReport = {
  manifest: ExportManifest | null
  /** Where the body starts, in bytes (after the manifest line); 0 without a manifest. */
  bodyOffset: number
  sessionId: string | null
  /** Non-empty lines after the manifest. */
  lines: number
  events: number
  lastCursor: string | null
  firstProblem: LineProblem | null
  problemCount: number
  /** Event types the console does not know; their events are kept (the event log shows them). */
  unknownTypes: readonly UnknownType[]
}

/** A parse error's message, cut short: it is shown to the user and may quote the file. */
const DETAIL_MAX = 160

/** Whether the JSON text nests objects/arrays deeper than `max` (strings are skipped over). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === 92 /* \ */) index += 1
      else if (code === 34 /* " */) inString = false
    } else if (code === 34) inString = true
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      depth += 1
      if (depth > max) return true
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth -= 1
  }
  return false
}

export class ExportReader {
  private pieces: string[] = []
  private pieceChars = 0
  private isSkippingLongLine = false
  private lineNumber = 0
  private manifest: ExportManifest | null = null
  private bodyOffset = 0
  private sessionId: string | null = null
  private lines = 0
  private events = 0
  private lastCursor: string | null = null
  private firstProblem: LineProblem | null = null
  private problemCount = 0
  private readonly ids = new Set<string>()
  private readonly unknown = new Map<string, UnknownType>()

  /** Characters held for a line not yet ended (bounded by MAX_LINE_CHARS). */
  get bufferedChars(): number {
    return this.pieceChars
  }

  /** Reads the next piece of the file's text; returns the events its complete lines hold. */
  push(text: string): PublicEvent[] {
    const out: PublicEvent[] = []
    let start = 0
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.collect(text.slice(start, end))
      this.endLine(out)
      start = end + 1
    }
    if (start < text.length) this.collect(text.slice(start))
    return out
  }

  /** The end of the file: a last line without a newline is read too. */
  finish(): PublicEvent[] {
    const out: PublicEvent[] = []
    if (this.pieceChars > 0 || this.isSkippingLongLine) this.endLine(out)
    return out
  }

  /** The manifest, once its line is read (null before, and for a file without one). */
  get manifestRead(): ExportManifest | null {
    return this.manifest
  }

  report(): ExportReadReport {
    return {
      manifest: this.manifest,
      bodyOffset: this.bodyOffset,
      sessionId: this.sessionId,
      lines: this.lines,
      events: this.events,
      lastCursor: this.lastCursor,
      firstProblem: this.firstProblem,
      problemCount: this.problemCount,
      unknownTypes: [...this.unknown.values()],
    }
  }

  private collect(piece: string) {
    if (this.isSkippingLongLine || piece === '') return
    if (this.pieceChars + piece.length > MAX_LINE_CHARS) {
      // Not kept: a line this long is refused, and holding it would be the file's whole size.
      this.pieces = []
      this.pieceChars = 0
      this.isSkippingLongLine = true
      return
    }
    this.pieces.push(piece)
    this.pieceChars += piece.length
  }

  private endLine(out: PublicEvent[]) {
    this.lineNumber += 1
    const line = this.lineNumber
    const isTooLong = this.isSkippingLongLine
    let text = this.pieces.length === 1 ? (this.pieces[0] ?? '') : this.pieces.join('')
    this.pieces = []
    this.pieceChars = 0
    this.isSkippingLongLine = false
    const hadCarriageReturn = text.endsWith('\r')
    if (hadCarriageReturn) text = text.slice(0, -1)
    if (isTooLong) {
      this.lines += 1
      this.problem(line, 'too_long', null)
      return
    }
    if (text.trim() === '') return
    if (nestsDeeperThan(text, MAX_DEPTH)) {
      this.lines += 1
      this.problem(line, 'too_deep', null)
      return
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      this.lines += 1
      this.problem(line, 'not_json', error instanceof Error ? error.message.slice(0, DETAIL_MAX) : null)
      return
    }
    if (line === 1) {
      const manifest = readManifest(value)
      if (manifest) {
        this.manifest = manifest
        this.sessionId = manifest.sessionId
        // The manifest is ASCII-safe JSON in practice, but its bytes are counted, not assumed.
        this.bodyOffset = new TextEncoder().encode(text).length + (hadCarriageReturn ? 2 : 1)
        return
      }
    }
    this.lines += 1
    const event = parsePublicEventValue(value)
    if (!event) {
      this.problem(line, 'not_event', null)
      return
    }
    this.sessionId ??= event.session_id
    if (event.session_id !== this.sessionId) {
      this.problem(line, 'other_session', event.session_id.slice(0, DETAIL_MAX))
      return
    }
    if (this.ids.has(event.id)) {
      this.problem(line, 'duplicate', event.id.slice(0, DETAIL_MAX))
      return
    }
    this.ids.add(event.id)
    if (eventCategory(event.type) === 'other') {
      const known = this.unknown.get(event.type)
      if (known) known.count += 1
      else this.unknown.set(event.type, { type: event.type, firstLine: line, count: 1 })
    }
    this.events += 1
    this.lastCursor = event.cursor
    out.push(event)
  }

  private problem(line: number, reason: LineProblemReason, detail: string | null) {
    this.problemCount += 1
    this.firstProblem ??= { line, reason, detail }
  }
}

export type ReadOptions = {
  /** Lets the page paint and take input; the browser's is a macrotask. */
  yieldNow?: () => Promise<void>
  /** Work done between two yields, at most (roughly: one chunk may overrun it). */
  sliceMs?: number
  now?: () => number
  signal?: AbortSignal
  /** The manifest as soon as its line is read, before the rest of the file. */
  onManifest?: (manifest: ExportManifest) => void
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Drives a reader over the file's text chunks: each chunk's events go to `onEvents` at once (the
 * first block can be drawn while the rest is read), and the page gets the thread back every
 * `sliceMs`, so a 100 MB file never freezes it.
 */
export async function readExportChunks(
  chunks: AsyncIterable<string>,
  onEvents: (events: PublicEvent[]) => void,
  { yieldNow = macrotask, sliceMs = 12, now = () => performance.now(), signal, onManifest }: ReadOptions = {},
): Promise<ExportReadReport> {
  const reader = new ExportReader()
  let sliceStart = now()
  let isManifestTold = false
  for await (const chunk of chunks) {
    if (signal?.aborted) break
    const events = reader.push(chunk)
    const manifest = reader.manifestRead
    if (manifest && !isManifestTold) {
      isManifestTold = true
      onManifest?.(manifest)
    }
    if (events.length > 0) onEvents(events)
    if (now() - sliceStart >= sliceMs) {
      await yieldNow()
      sliceStart = now()
    }
  }
  const tail = reader.finish()
  if (tail.length > 0) onEvents(tail)
  return reader.report()
}

export type ManifestMismatch = 'sha256' | 'count' | 'last_cursor' | 'session'

/** The file against its manifest: `absent` for a raw export, which cannot be checked. */
export type ManifestCheck =
  | { status: 'absent'; mismatches: [] }
  | { status: 'match'; mismatches: [] }
  | { status: 'mismatch'; mismatches: ManifestMismatch[] }

/** Compares what was read (and the body's hash) with what the manifest says was written. */
export function checkManifest(report: ExportReadReport, bodySha256: string): ManifestCheck {
  const { manifest } = report
  if (!manifest) return { status: 'absent', mismatches: [] }
  const mismatches: ManifestMismatch[] = []
  if (manifest.sha256 !== bodySha256) mismatches.push('sha256')
  if (manifest.count !== report.lines) mismatches.push('count')
  if (manifest.lastCursor !== report.lastCursor) mismatches.push('last_cursor')
  if (report.sessionId !== manifest.sessionId) mismatches.push('session')
  return mismatches.length === 0 ? { status: 'match', mismatches: [] } : { status: 'mismatch', mismatches }
}
