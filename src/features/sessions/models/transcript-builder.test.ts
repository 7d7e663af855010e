import { describe, expect, it } from 'vitest'
import { at, selfHostedCall, textContent as text, userTurn } from '@/testing/session-events'
import type { PublicEvent } from './event-store'
import { TranscriptBuilder, type TranscriptRow } from './transcript-builder'

const delta = (turnId: string, itemId: string, position: number, chunk: string, time = 10) =>
  at('item.delta', time, { turn_id: turnId, item_id: itemId, position, content: text(chunk) })

function build(events: PublicEvent[]) {
  const builder = new TranscriptBuilder()
  builder.sync(events)
  return builder
}
const kinds = (rows: readonly TranscriptRow[]) => rows.map((row) => row.kind)
function messageText(builder: TranscriptBuilder, turnId: string, itemId: string) {
  const row = builder.row(`message:${turnId}:${itemId}`)
  return row?.kind === 'message' ? row.message.text : undefined
}

describe('TranscriptBuilder', () => {
  it('reads a turn as a block: the user message, the streamed answer, usage and status', () => {
    const builder = build([
      ...userTurn('t1', 1, 'Say hi'),
      at('run.started', 2, { turn_id: 't1', run_id: 'r1' }),
      at('turn.running', 2, { turn_id: 't1', status: 'running' }),
      at('item.started', 3, { turn_id: 't1', item_id: 'a1', item: { role: 'assistant', content: [] } }),
      delta('t1', 'a1', 0, 'Hel'),
      delta('t1', 'a1', 1, 'lo'),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'message'])
    expect(messageText(builder, 't1', 'a1')).toBe('Hello')
    const user = builder.row('message:t1:u-t1')
    expect(user?.kind === 'message' && user.message).toMatchObject({ role: 'user', text: 'Say hi' })

    const events = [
      ...userTurn('t1', 1, 'Say hi'),
      at('run.started', 2, { turn_id: 't1', run_id: 'r1' }),
      at('turn.running', 2, { turn_id: 't1', status: 'running' }),
      at('item.started', 3, { turn_id: 't1', item_id: 'a1', item: { role: 'assistant', content: [] } }),
      delta('t1', 'a1', 0, 'Hel'),
      delta('t1', 'a1', 1, 'lo'),
    ]
    const streaming = new TranscriptBuilder()
    streaming.sync(events)
    expect(streaming.turns.get('t1')?.status).toBe('running')
    streaming.sync([
      ...events,
      at('item.completed', 20, {
        turn_id: 't1',
        item_id: 'a1',
        item: { role: 'assistant', content: text('Hello there.') },
      }),
      at('usage.recorded', 21, { turn_id: 't1', usage: { input_tokens: 100, output_tokens: 7 } }),
      at('run.ended', 23, { turn_id: 't1', run_id: 'r1', status: 'completed' }),
      at('turn.completed', 24, { turn_id: 't1', status: 'completed' }),
    ])
    expect(messageText(streaming, 't1', 'a1')).toBe('Hello there.')
    // Turn and run events fold into the header; they add no rows of their own.
    expect(kinds(streaming.rows)).toEqual(['turn', 'message', 'message'])
    expect(streaming.turns.get('t1')).toMatchObject({
      status: 'completed',
      endedAt: 24,
      usage: { modelCalls: 1, inputTokens: 100, outputTokens: 7 },
    })
  })

  it('assembles deltas by position: replays are ignored, late chunks fill their gap, completion replaces', () => {
    const base = [
      ...userTurn('t1', 1, 'Count'),
      at('item.started', 2, { turn_id: 't1', item_id: 'a1', item: { role: 'assistant', content: [] } }),
    ]
    // Out of order within one batch: position 2 before 1; a delta before its item.started.
    const batch = [delta('t1', 'a1', 0, 'one '), delta('t1', 'a1', 2, 'three '), delta('t1', 'a1', 1, 'two ')]
    const builder = build([...base, ...batch])
    expect(messageText(builder, 't1', 'a1')).toBe('one two three ')

    // A reconnect replays position 1 and 2 under new event ids (a gap at 3 comes later).
    const replay = [
      delta('t1', 'a1', 1, 'two '),
      delta('t1', 'a1', 2, 'three '),
      delta('t1', 'a1', 4, 'five '),
    ]
    builder.sync([...base, ...batch, ...replay])
    expect(messageText(builder, 't1', 'a1')).toBe('one two three five ')
    const late = delta('t1', 'a1', 3, 'four ')
    builder.sync([...base, ...batch, ...replay, late])
    expect(messageText(builder, 't1', 'a1')).toBe('one two three four five ')

    const completed = at('item.completed', 30, {
      turn_id: 't1',
      item_id: 'a1',
      item: { role: 'assistant', content: text('1 2 3 4 5') },
    })
    const after = delta('t1', 'a1', 5, 'six ')
    builder.sync([...base, ...batch, ...replay, late, completed, after])
    const row = builder.row('message:t1:a1')
    expect(row?.kind === 'message' && row.message).toMatchObject({ text: '1 2 3 4 5', isComplete: true })
  })

  it('opens a message at a delta that arrives before its item.started', () => {
    const builder = build([
      ...userTurn('t1', 1, 'Hi'),
      delta('t1', 'a1', 0, 'early '),
      at('item.started', 5, { turn_id: 't1', item_id: 'a1', item: { role: 'assistant', content: [] } }),
      delta('t1', 'a1', 1, 'bird'),
    ])
    expect(messageText(builder, 't1', 'a1')).toBe('early bird')
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'message'])
  })

  it('keeps thinking apart from the answer', () => {
    const builder = build([
      ...userTurn('t1', 1, 'Think'),
      at('item.delta', 2, {
        turn_id: 't1',
        item_id: 'a1',
        position: 0,
        content: [{ type: 'thinking', thinking: 'Let me see. ' }],
      }),
      delta('t1', 'a1', 1, 'The answer is 4.'),
    ])
    const row = builder.row('message:t1:a1')
    expect(row?.kind === 'message' && row.message).toMatchObject({
      text: 'The answer is 4.',
      thinking: 'Let me see. ',
    })
  })

  it('shows interleaved tool calls as one card each, in the order they were requested', () => {
    const call = (id: string, type: string, time: number, extra: Record<string, unknown> = {}) =>
      at(type, time, {
        turn_id: 't1',
        run_id: 'r1',
        tool_call_id: id,
        name: id === 'c1' ? 'read_file' : 'execute',
        ...extra,
      })
    const builder = build([
      ...userTurn('t1', 1, 'Look around'),
      call('c1', 'tool.requested', 2, { input: { path: 'a.txt' } }),
      call('c2', 'tool.requested', 3, { input: { command: 'ls' } }),
      call('c2', 'tool.delta', 4, { output: text('x\n') }),
      call('c1', 'tool.delta', 5, { output: text('hello') }),
      call('c2', 'tool.completed', 6, { status: 'completed', output: text('x\ny\n') }),
      call('c1', 'tool.completed', 7, { status: 'completed', result: { content: 'hello', is_error: false } }),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'tool', 'tool'])
    const [c1, c2] = builder.rows.slice(2)
    expect(c1?.kind === 'tool' && c1.record).toMatchObject({
      name: 'read_file',
      output: 'hello',
      isComplete: true,
      requestedAt: 2,
      completedAt: 7,
      runId: 'r1',
    })
    expect(c2?.kind === 'tool' && c2.record).toMatchObject({ name: 'execute', output: 'x\ny\n' })
    expect(builder.turns.get('t1')?.tools.map((tool) => tool.toolCallId)).toEqual(['c1', 'c2'])
    // Every event of a call leads to its card (permalinks, the waterfall).
    expect(builder.indexOf('tool:t1:c1')).toBe(2)
  })

  it('keeps a turn that suspends for a worker and resumes in one block, with both runs', () => {
    const builder = build([
      ...userTurn('t1', 900, 'Check the environment'),
      at('run.started', 950, { turn_id: 't1', run_id: 'r1' }),
      ...selfHostedCall('t1', 'toolu_1', 1000),
      at('item.completed', 5400, {
        turn_id: 't1',
        item_id: 'a2',
        item: { role: 'assistant', content: text('Done.') },
      }),
      at('run.ended', 5500, { turn_id: 't1', run_id: 'r2', status: 'completed' }),
      at('turn.completed', 5510, { turn_id: 't1', status: 'completed' }),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'tool', 'message'])
    const turn = builder.turns.get('t1')
    expect(turn).toMatchObject({ status: 'completed', endedAt: 5510 })
    expect(turn?.runs.map((run) => [run.runId, run.status, run.endedAt])).toEqual([
      ['r1', 'suspended', 1025],
      ['r2', 'completed', 5500],
    ])
    const tool = builder.rows[2]
    expect(tool?.kind === 'tool' && tool.record).toMatchObject({ suspendedAt: 1020, resumedAt: 5200 })
  })

  it('sums usage per turn', () => {
    const builder = build([
      ...userTurn('t1', 1, 'a'),
      at('usage.recorded', 2, { turn_id: 't1', usage: { input_tokens: 100, output_tokens: 7 } }),
      at('usage.recorded', 3, { turn_id: 't1', usage: { input_tokens: 50, output_tokens: 3 } }),
      ...userTurn('t2', 4, 'b'),
      at('usage.recorded', 5, { turn_id: 't2', usage: { input_tokens: 9, output_tokens: 1 } }),
    ])
    expect(builder.turns.get('t1')?.usage).toEqual({ modelCalls: 2, inputTokens: 150, outputTokens: 10 })
    expect(builder.turns.get('t2')?.usage).toEqual({ modelCalls: 1, inputTokens: 9, outputTokens: 1 })
  })

  it('shows one error block per failed turn with every code and message it logged', () => {
    const builder = build([
      ...userTurn('t1', 1, 'a'),
      at('run.ended', 2, { turn_id: 't1', run_id: 'r1', status: 'failed', reason: 'provider 503' }),
      at('session.error', 3, { turn_id: 't1', error_code: 'model_error', message: 'provider 503' }),
      at('turn.failed', 4, { turn_id: 't1', status: 'failed', error_code: 'model_error' }),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'error'])
    const error = builder.rows[2]
    expect(error?.kind === 'error' && error.error.problems.map((p) => [p.type, p.code])).toEqual([
      ['run.ended', null],
      ['session.error', 'model_error'],
      ['turn.failed', 'model_error'],
    ])
    expect(builder.turns.get('t1')?.status).toBe('failed')
  })

  it('reads upstream’s session.error, which nests its detail and names no turn, into that turn’s block', () => {
    const builder = build([
      ...userTurn('t1', 1, 'a'),
      at('run.ended', 2, { turn_id: 't1', run_id: 'r1', status: 'failed' }),
      // SessionTurnRunner.failTurn: {error: ApiErrorDetail.toMap()}.
      at('session.error', 3, {
        error: {
          type: 'api',
          code: 'model_call_failed',
          message: 'Connection reset',
          session_id: 's1',
          retry_status: 'not_retrying',
        },
      }),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'error'])
    const error = builder.rows[2]
    if (error?.kind !== 'error') throw new Error('no error block')
    expect(error.turnId).toBe('t1')
    expect(error.error.problems[1]).toMatchObject({
      type: 'session.error',
      code: 'model_call_failed',
      message: 'Connection reset',
      retryStatus: 'not_retrying',
    })
  })

  it('puts budget.exceeded in the failed turn’s block with the limit that refused the model call', () => {
    const builder = build([
      ...userTurn('t1', 1, 'a'),
      at('budget.exceeded', 2, {
        turn_id: 't1',
        run_id: 'r1',
        limit: 'max_total_tokens',
        model_call_id: 'mc_9',
      }),
      at('session.error', 3, {
        error: {
          code: 'model_call_failed',
          message: 'Session budget prevented model execution: max_total_tokens',
        },
      }),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'error'])
    const error = builder.rows[2]
    if (error?.kind !== 'error') throw new Error('no error block')
    expect(error.error.problems.map((p) => [p.type, p.budgetLimit])).toEqual([
      ['budget.exceeded', 'max_total_tokens'],
      ['session.error', undefined],
    ])
  })

  it('reads the stop reason of the session.status_terminated upstream writes after each session.error', () => {
    const detail = {
      type: 'api_error',
      code: 'turn_failed',
      message: 'Connection reset',
      session_id: 's1',
      retry_status: 'not_retrying',
    }
    const builder = build([
      ...userTurn('t1', 1, 'a'),
      at('session.error', 2, { error: detail }),
      // DataSessionService.updateStatus: {status, stopReason}.
      at('session.status_terminated', 3, { status: 'terminated', stopReason: { error: detail } }),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'error'])
    const error = builder.rows[2]
    if (error?.kind !== 'error') throw new Error('no error block')
    expect(error.error.problems.map((p) => [p.type, p.code, p.message, p.retryStatus])).toEqual([
      ['session.error', 'turn_failed', 'Connection reset', 'not_retrying'],
      ['session.status_terminated', 'turn_failed', 'Connection reset', 'not_retrying'],
    ])
  })

  it('follows a required action from open to resolved, reopened after a failed delivery', () => {
    const created = at('required_action.created', 2, {
      turn_id: 't1',
      request_id: 'req1',
      kind: 'confirmation',
      tool_call: { id: 'c1', name: 'publish', input: { path: 'x' } },
    })
    const events = [...userTurn('t1', 1, 'publish'), created]
    const builder = build(events)
    const action = () => {
      const row = builder.row('action:req1')
      return row?.kind === 'action' ? row.action : undefined
    }
    expect(action()).toMatchObject({ status: 'created', toolName: 'publish', toolKey: 't1:c1' })
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'action'])
    const rejected = at('required_action.rejected', 3, { turn_id: 't1', request_id: 'req1', reason: 'busy' })
    const reopened = at('required_action.created', 4, { ...created.data })
    builder.sync([...events, rejected])
    expect(action()).toMatchObject({ status: 'rejected', reason: 'busy' })
    builder.sync([...events, rejected, reopened])
    expect(action()?.status).toBe('created')
    const accepted = at('required_action.accepted', 5, { turn_id: 't1', request_id: 'req1' })
    const resolved = at('required_action.resolved', 6, { turn_id: 't1', request_id: 'req1' })
    builder.sync([...events, rejected, reopened, accepted, resolved])
    expect(action()?.status).toBe('resolved')
    // One card follows the request through every step.
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'action'])
  })

  it('shows the confirmation of a call both as its own block and on the call’s card', () => {
    const builder = build([
      ...userTurn('t1', 1, 'publish'),
      at('tool.requested', 2, { turn_id: 't1', tool_call_id: 'c1', name: 'publish', input: {} }),
      at('required_action.created', 3, {
        turn_id: 't1',
        request_id: 'req1',
        kind: 'confirmation',
        tool_call: { id: 'c1', name: 'publish', input: {} },
      }),
    ])
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'tool', 'action'])
    const tool = builder.rows[2]
    expect(tool?.kind === 'tool' && tool.record.confirmation).toEqual({
      requestId: 'req1',
      status: 'pending',
    })
  })

  it('shows unknown event types (and deltas it cannot place) as neutral rows, never dropping them', () => {
    const events = [
      ...userTurn('t1', 1, 'a'),
      at('artifact.published', 2, { turn_id: 't1', artifact_id: 'art1' }),
      at('future.thing', 3, { anything: true }),
      at('item.delta', 4, { position: 0, content: text('orphan') }),
    ]
    const builder = build(events)
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'event', 'event', 'event'])
    expect(builder.rows.slice(2).map((row) => (row.kind === 'event' ? row.eventIndex : -1))).toEqual([
      2, 3, 4,
    ])
    // A turn-less event joins the block being read, not a block of its own.
    const turnless = builder.rows[3]
    expect(turnless?.kind === 'event' && turnless.turnId).toBeNull()
    expect(builder.turnList()).toHaveLength(1)
  })

  it('extends its rows as events arrive and rebuilds only when the log was replaced', () => {
    const first = [...userTurn('t1', 1, 'a'), delta('t1', 'a1', 0, 'x')]
    const builder = new TranscriptBuilder()
    builder.sync(first)
    const turnRow = builder.rows[0]
    const messageRow = builder.rows[2]
    const revision = messageRow?.rev
    const next = [...first, delta('t1', 'a1', 1, 'y'), ...userTurn('t2', 5, 'b')]
    builder.sync(next)
    // The same row objects, updated in place: a view keeps its blocks and re-renders the changed one.
    expect(builder.rows[0]).toBe(turnRow)
    expect(builder.rows[2]).toBe(messageRow)
    expect(messageRow?.rev).toBeGreaterThan(revision ?? 0)
    expect(kinds(builder.rows)).toEqual(['turn', 'message', 'message', 'turn', 'message'])
    // Syncing the same log again changes nothing.
    const before = builder.revision
    expect(builder.sync(next)).toBe(before)

    builder.sync([...userTurn('t9', 1, 'replaced')])
    expect(kinds(builder.rows)).toEqual(['turn', 'message'])
    expect(builder.turns.has('t1')).toBe(false)
  })

  it('puts an event of an earlier turn back into that turn when turns interleave', () => {
    const events = [
      ...userTurn('t1', 1, 'first'),
      ...userTurn('t2', 2, 'second'),
      delta('t1', 'a1', 0, 'late answer to the first'),
    ]
    const builder = build(events)
    expect(builder.rows.map((row) => row.key)).toEqual([
      'turn:t1',
      'message:t1:u-t1',
      'message:t1:a1',
      'turn:t2',
      'message:t2:u-t2',
    ])
    expect(builder.indexOf('message:t2:u-t2')).toBe(4)
    expect(builder.indexOf(events[4]?.id ?? '')).toBe(2)
  })
})
