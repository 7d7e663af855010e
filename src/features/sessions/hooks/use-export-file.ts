import { useCallback, useEffect, useRef, useState } from 'react'
import { sha256Hex, type ExportContext } from '@/data/sessions/export-manifest'
import type { PublicEvent } from '@/data/sessions/types'
import { EventStore } from '../models/event-store'
import {
  checkManifest,
  readExportChunks,
  type ExportReadReport,
  type ManifestCheck,
} from '../models/export-reader'

export type OpenedExport = {
  /** Which opening this is (the same file opened twice is two openings). */
  id: number
  name: string
  size: number
  store: EventStore
  phase: 'reading' | 'done' | 'failed'
  /** Once the whole file is read. */
  report: ExportReadReport | null
  /** Where the calls ran, from the manifest as soon as its line is read (null without one). */
  context: ExportContext | null
  /** The manifest compared with what was read; null while it is being checked. */
  check: ManifestCheck | null
  /** Why the file could not be read at all (the browser refused it). */
  error: unknown
}

/** The file's text as it streams from disk, one decoded chunk at a time. */
async function* textChunks(file: Blob): AsyncGenerator<string> {
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

let openings = 0

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Opens an export file in this tab: reads it line by line into an event store (the screens the
 * session page uses read from it), then checks it against its manifest. Nothing is sent anywhere;
 * the file never leaves the browser. Opening another file abandons the one being read.
 */
export function useExportFile() {
  const [opened, setOpened] = useState<OpenedExport | null>(null)
  const abortRef = useRef<AbortController | null>(null)
  useEffect(() => () => abortRef.current?.abort(), [])

  const open = useCallback((file: File) => {
    abortRef.current?.abort()
    const abort = new AbortController()
    abortRef.current = abort
    const { signal } = abort
    const store = new EventStore()
    const update = (change: Partial<OpenedExport>) => {
      if (!signal.aborted)
        setOpened((current) => (current?.store === store ? { ...current, ...change } : current))
    }
    openings += 1
    setOpened({
      id: openings,
      name: file.name,
      size: file.size,
      store,
      phase: 'reading',
      report: null,
      context: null,
      check: null,
      error: null,
    })

    // Events are put in the store at most once per slice of work, so the screens redraw per
    // slice rather than per chunk; the first ones go in at once, for the first block to show.
    let pending: PublicEvent[] = []
    const flush = () => {
      if (pending.length === 0) return
      store.applyPage(pending)
      pending = []
    }
    const read = async () => {
      try {
        const report = await readExportChunks(
          textChunks(file),
          (events) => {
            pending.push(...events)
            if (store.size === 0) flush()
          },
          {
            signal,
            onManifest: (manifest) => update({ context: manifest.context }),
            yieldNow: () => {
              flush()
              return nextTask()
            },
          },
        )
        flush()
        update({
          phase: 'done',
          report,
          check: report.manifest ? null : { status: 'absent', mismatches: [] },
        })
        if (!report.manifest || signal.aborted) return
        const sha256 = await sha256Hex(await file.slice(report.bodyOffset).arrayBuffer())
        update({ check: checkManifest(report, sha256) })
      } catch (error) {
        flush()
        update({ phase: 'failed', error })
      }
    }
    void read()
  }, [])

  const close = useCallback(() => {
    abortRef.current?.abort()
    setOpened(null)
  }, [])

  return { opened, open, close }
}
