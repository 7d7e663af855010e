import { describe, expect, it } from 'vitest'
import { at, selfHostedCall } from '@/testing/session-events'
import { foldSessionState } from './fold-session-state'

describe('foldSessionState', () => {
  it('summarises the session up to an event', () => {
    const events = [
      at('session.status_running', 1, {}),
      at('turn.accepted', 2, { turn_id: 't1' }),
      ...selfHostedCall('t1', 'toolu_1', 10),
      at('usage.recorded', 9000, { usage: { input_tokens: 100, output_tokens: 7 } }),
    ]
    const early = foldSessionState(events, 4)
    expect(early.turns).toEqual({ t1: 'requires_action' })
    expect(early.tools).toEqual({ 'write_file toolu_1': 'dispatched' })
    const end = foldSessionState(events, events.length - 1)
    expect(end).toMatchObject({
      sessionStatus: 'running',
      turns: { t1: 'queued' },
      tools: { 'write_file toolu_1': 'completed' },
      usage: { modelCalls: 1, inputTokens: 100, outputTokens: 7 },
      atEventId: events.at(-1)?.id,
    })
  })
})
