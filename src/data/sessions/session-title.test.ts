import { describe, expect, it } from 'vitest'
import { at } from '@/testing/session-events'
import { byLastActivity, firstUserMessage, sessionTitleOf, shortenTitle } from './session-title'
import type { Session } from './types'

const session = (extra: Record<string, unknown> = {}): Session => ({
  id: 'sess_1',
  agentId: 'a',
  status: 'idle',
  createdAt: 1,
  updatedAt: 2,
  ...extra,
})

describe('session titles', () => {
  it('prefers the server’s title, then the first user message, then the id', () => {
    expect(sessionTitleOf(session({ title: '  Release prep ' }), 'Write the notes')).toEqual({
      text: 'Release prep',
      source: 'server',
    })
    expect(sessionTitleOf(session({ title: '' }), 'Write the notes')).toEqual({
      text: 'Write the notes',
      source: 'message',
    })
    expect(sessionTitleOf(session(), null)).toEqual({ text: 'sess_1', source: 'id' })
  })

  it('shortens to the first line, cut at a word', () => {
    expect(shortenTitle('\n  Fix the   build\nthen deploy')).toBe('Fix the build')
    const long = 'Prepare the release notes for version 2.4.0 and then run every test in the repository'
    const short = shortenTitle(long)
    expect(short.length).toBeLessThanOrEqual(60)
    expect(short).toBe('Prepare the release notes for version 2.4.0 and then run…')
    expect(shortenTitle('x'.repeat(100))).toHaveLength(60)
  })

  it('finds the first user message among the first events', () => {
    const events = [
      at('turn.accepted', 1, { turn_id: 't1' }),
      at('item.completed', 2, { turn_id: 't1', item: { role: 'assistant', content: 'no' } }),
      at('item.completed', 3, {
        turn_id: 't1',
        item: { role: 'user', content: [{ type: 'text', text: 'Hi there' }] },
      }),
    ]
    expect(firstUserMessage(events)).toBe('Hi there')
    expect(firstUserMessage(events.slice(0, 2))).toBeNull()
  })
})

describe('byLastActivity', () => {
  it('puts the most recently active session first, falling back to its last update', () => {
    const sessions = [
      session({ id: 'old', updatedAt: 10 }),
      session({ id: 'busy', updatedAt: 5, lastActivityAt: 50 }),
      session({ id: 'new', updatedAt: 30 }),
    ]
    expect([...sessions].sort(byLastActivity).map((s) => s.id)).toEqual(['busy', 'new', 'old'])
  })
})
