import { describe, expect, it } from 'vitest'
import { decodeRecovery, decodeTracePage, reconcileBody } from './decode-recovery'

describe('decodeRecovery', () => {
  it('reads upstream’s SessionProjection: the uncertain calls and the runs still active', () => {
    expect(
      decodeRecovery({ asOfSeq: 7, stateJson: '{}', uncertainToolCalls: ['toolu_1'], activeRuns: ['run_1'] }),
    ).toEqual({ asOfSeq: 7, uncertainToolCallIds: ['toolu_1'], activeRunIds: ['run_1'] })
  })

  it('refuses an answer without the uncertain set rather than reading it as "nothing uncertain"', () => {
    expect(() => decodeRecovery({ asOfSeq: 1 })).toThrow(/uncertainToolCalls/)
  })
})

describe('decodeTracePage', () => {
  it('reads native facts with their run and turn', () => {
    const page = decodeTracePage({
      data: [
        {
          seq: 1,
          type: 'tool/dispatch',
          executionRunId: 'run_1',
          turnId: 'turn_1',
          data: { toolCallId: 'toolu_1' },
        },
      ],
      as_of_seq: 1,
      next_seq: 1,
    })
    expect(page.facts[0]).toMatchObject({ seq: 1, type: 'tool/dispatch', runId: 'run_1', turnId: 'turn_1' })
  })
})

describe('reconcileBody', () => {
  it('keys each ToolResultBlock by its own id and trims the reason', () => {
    const body = reconcileBody({
      reason: '  checked the sandbox  ',
      outcomes: [{ toolCallId: 'toolu_1', toolName: 'bash', outcome: { kind: 'error', message: 'exit 1' } }],
    })
    expect(body).toEqual({
      reason: 'checked the sandbox',
      outcomes: {
        toolu_1: {
          type: 'tool_result',
          id: 'toolu_1',
          name: 'bash',
          output: [{ type: 'text', text: 'exit 1' }],
          state: 'error',
        },
      },
    })
  })
})
