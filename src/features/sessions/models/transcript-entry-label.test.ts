import { afterEach, describe, expect, it } from 'vitest'
import { at, textContent as text, userTurn as turn } from '@/testing/session-events'
import { setLocale } from '@/i18n'
import type { PublicEvent } from './event-store'
import { TranscriptBuilder } from './transcript-builder'
import { transcriptEntryLabel } from './transcript-entry-label'

const answer = (turnId: string, itemId: string, time: number, message: string) =>
  at('item.completed', time, {
    turn_id: turnId,
    item_id: itemId,
    item: { role: 'assistant', type: 'message', content: text(message) },
  })

function labels(events: PublicEvent[]) {
  const builder = new TranscriptBuilder()
  builder.sync(events)
  const log = { turnOf: (id: string) => builder.turns.get(id), eventAt: (index: number) => events[index] }
  return builder.rows.map((row) => transcriptEntryLabel(row, log))
}

const session = [
  ...turn('t1', 1, 'Write environment-check.txt and read it back.'),
  answer('t1', 'a1', 2, 'I will write it first.'),
  at('tool.requested', 3, { turn_id: 't1', tool_call_id: 'toolu_1', name: 'write_file', input: {} }),
  answer('t1', 'a2', 4, 'Done: it reads back as written.'),
  ...turn('t2', 10, 'Prepare the release notes for v2.4.0 and run the tests, then tag it.'),
  at('session.error', 11, { turn_id: 't2', error: { code: 'turn_failed', message: 'boom' } }),
  at('custom.thing', 12, { turn_id: 't2' }),
]

afterEach(() => setLocale('en'))

describe('transcriptEntryLabel', () => {
  it('names every entry: turns by number and first words, messages by author, turn and words', () => {
    expect(labels(session)).toEqual([
      'Turn 1: Write environment-check.txt and read it back.',
      'You, turn 1: Write environment-check.txt and read it back.',
      'Assistant, turn 1: I will write it first.',
      'Tool call write_file toolu_1',
      'Assistant, turn 1: Done: it reads back as written.',
      'Turn 2: Prepare the release notes for v2.4.0 and run…',
      'You, turn 2: Prepare the release notes for v2.4.0 and run…',
      'Error, turn 2',
      'Event custom.thing',
    ])
    // No two entries share a name.
    expect(new Set(labels(session)).size).toBe(labels(session).length)
  })

  it('speaks Chinese', async () => {
    await setLocale('zh-CN')
    expect(labels(session).slice(0, 3)).toEqual([
      '第 1 轮：Write environment-check.txt and read it back.',
      '你，第 1 轮：Write environment-check.txt and read it back.',
      '助手，第 1 轮：I will write it first.',
    ])
  })
})
