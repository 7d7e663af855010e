import { describe, expect, it } from 'vitest'
import {
  contentText,
  errorHints,
  eventToolCall,
  isFailedTool,
  itemEventData,
  requiredActionEventData,
  toolEventData,
  turnEventData,
  usageEventData,
} from './event-data'
import type { PublicEvent } from './types'

const event = (type: string, data: Record<string, unknown>): PublicEvent => ({
  schema_version: 1,
  id: 'evt_1',
  type,
  session_id: 's1',
  created_at: 1,
  cursor: 'c1',
  data,
})

describe('event data decoders', () => {
  it('read content as text: strings and blocks that carry text', () => {
    expect(contentText([{ type: 'text', text: 'a' }, 'b', { text: 7 }, null])).toBe('ab')
    expect(contentText({ text: 'not blocks' })).toBe('')
  })

  it('decode a tool event, its result and whether it failed', () => {
    const tool = toolEventData(
      event('tool.completed', {
        turn_id: 't1',
        tool_call_id: 'call_1',
        name: 'read_file',
        status: 'completed',
        input: { path: 'a.txt' },
        output: [{ type: 'text', text: 'hello' }],
        result: { content: 'hello', is_error: true },
      }),
    )
    expect(tool).toMatchObject({
      turnId: 't1',
      call: { turnId: 't1', toolCallId: 'call_1', key: 't1:call_1' },
      name: 'read_file',
      input: { path: 'a.txt' },
      output: 'hello',
      result: { text: 'hello', isError: true },
    })
    expect(tool && isFailedTool(tool)).toBe(true)
    expect(isFailedTool({ status: 'denied', result: null })).toBe(true)
    expect(isFailedTool({ status: 'completed', result: null })).toBe(false)
  })

  it('are guards: an event of another family decodes to null', () => {
    const turn = event('turn.failed', { turn_id: 't1', tool_call_id: 'x' })
    expect(toolEventData(turn)).toBeNull()
    // A tool event that names no call can be shown, but not joined to a record.
    expect(toolEventData(event('tool.requested', { name: 'x' }))).toMatchObject({ name: 'x', call: null })
    expect(turnEventData(event('tool.requested', { tool_call_id: 'x' }))).toBeNull()
    expect(requiredActionEventData(event('required_action.created', { kind: 'confirmation' }))).toBeNull()
    expect(usageEventData(turn)).toBeNull()
    expect(itemEventData(turn)).toBeNull()
    // Any family may name a tool call; the timeline groups by it.
    expect(eventToolCall(turn)).toEqual({ turnId: 't1', toolCallId: 'x', key: 't1:x' })
  })

  it('never pass a hostile value through as another type', () => {
    const tool = toolEventData(
      event('tool.requested', {
        tool_call_id: 'c',
        name: { toString: 'boom' },
        input: ['not', 'a', 'record'],
        status: 42,
      }),
    )
    expect(tool).toMatchObject({ name: null, input: null, status: null, turnId: null, call: { key: ':c' } })
    expect(turnEventData(event('turn.failed', { status: ['failed'], reason: null }))).toMatchObject({
      status: null,
      reason: null,
    })
  })

  it('decode items, deltas, required actions, usage and failure hints', () => {
    expect(
      itemEventData(
        event('item.completed', { item_id: 'i1', item: { role: 'user', content: [{ text: 'hi' }] } }),
      ),
    ).toMatchObject({ itemId: 'i1', role: 'user', text: 'hi' })
    expect(itemEventData(event('item.delta', { item_id: 'i1', content: 'chunk' }))).toMatchObject({
      role: null,
      text: 'chunk',
    })
    expect(
      requiredActionEventData(
        event('required_action.created', {
          turn_id: 't',
          request_id: 'req_1',
          kind: 'confirmation',
          tool_call: { id: 'call_1', name: 'publish', input: { to: 'prod' } },
        }),
      ),
    ).toEqual({
      turnId: 't',
      requestId: 'req_1',
      verb: 'created',
      kind: 'confirmation',
      reason: null,
      toolCall: { id: 'call_1', name: 'publish', input: { to: 'prod' } },
    })
    expect(
      usageEventData(event('usage.recorded', { model: 'm', usage: { input_tokens: 3, output_tokens: 'x' } })),
    ).toEqual({ model: 'm', inputTokens: 3, outputTokens: null })
    expect(
      errorHints(event('session.error', { error_code: 'e2b_unavailable', message: 'no key', reason: 4 })),
    ).toEqual(['e2b_unavailable', 'no key'])
    expect(
      errorHints(
        event('session.error', {
          error: {
            type: 'api_error',
            code: 'turn_failed',
            message: '400 BAD_REQUEST "sandbox environments require an E2B API key"',
            session_id: 's1',
            retry_status: 'not_retrying',
          },
        }),
      ),
    ).toEqual(['turn_failed', '400 BAD_REQUEST "sandbox environments require an E2B API key"'])
    expect(errorHints(event('session.error', { error: 'not an object' }))).toEqual([])
    expect(errorHints(event('turn.completed', { reason: 'done' }))).toEqual([])
  })
})
