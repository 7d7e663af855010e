import type { SessionRecord } from '../db/types'
import { appendEvent } from '../lib/event-log'

/**
 * Mock-only (benchmarks): appends `rate` events a second for `durationMs` to a session, each
 * stamped with the time it is sent, so a client can measure send → render delay. Resolves with
 * the ids sent and their times once the burst is over.
 */
export function burstEvents(
  record: SessionRecord,
  options: { rate: number; durationMs: number; now: () => number },
): Promise<{ id: string; createdAt: number }[]> {
  const { rate, durationMs, now } = options
  const total = Math.round((rate * durationMs) / 1000)
  const start = now()
  const sent: { id: string; createdAt: number }[] = []
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((now() - start) * rate) / 1000) + 1)
      while (sent.length < due) {
        const position = sent.length
        const createdAt = now()
        const event = appendEvent(
          record,
          'item.delta',
          { position, content: [{ type: 'text', text: `burst ${position}` }] },
          createdAt,
        )
        sent.push({ id: event.id, createdAt })
      }
      if (sent.length >= total) resolve(sent)
      else setTimeout(tick, 5)
    }
    tick()
  })
}
