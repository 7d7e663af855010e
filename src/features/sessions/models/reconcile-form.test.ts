import { describe, expect, it } from 'vitest'
import { checkReconcileDraft } from './reconcile-form'

const calls = [
  { toolCallId: 'toolu_1', toolName: 'bash' },
  { toolCallId: 'toolu_2', toolName: 'write_file' },
]

describe('checkReconcileDraft', () => {
  it('sends nothing until every uncertain call is covered (N of N) and a reason is given', () => {
    const partial = checkReconcileDraft(
      { reason: 'checked', outcomes: { toolu_1: { kind: 'success', text: 'ok' } } },
      calls,
    )
    expect(partial).toMatchObject({ covered: 1, total: 2, missing: ['toolu_2'], request: null })
    const noReason = checkReconcileDraft(
      {
        reason: '   ',
        outcomes: { toolu_1: { kind: 'success', text: '' }, toolu_2: { kind: 'success', text: '' } },
      },
      calls,
    )
    expect(noReason).toMatchObject({ covered: 2, isReasonMissing: true, request: null })
  })

  it('needs the message of a call that failed, but accepts a success without output', () => {
    const check = checkReconcileDraft(
      {
        reason: 'looked at the sandbox',
        outcomes: { toolu_1: { kind: 'success', text: '' }, toolu_2: { kind: 'error', text: ' ' } },
      },
      calls,
    )
    expect(check).toMatchObject({ covered: 1, missingMessage: ['toolu_2'], request: null })
  })

  it('builds exactly the uncertain set once complete, ignoring drafts for calls no longer uncertain', () => {
    const check = checkReconcileDraft(
      {
        reason: ' looked ',
        outcomes: {
          toolu_1: { kind: 'success', text: 'done' },
          toolu_2: { kind: 'error', text: 'disk full' },
          toolu_old: { kind: 'success', text: 'stale draft' },
        },
      },
      calls,
    )
    expect(check.request).toEqual({
      reason: 'looked',
      outcomes: [
        { toolCallId: 'toolu_1', toolName: 'bash', outcome: { kind: 'success', output: 'done' } },
        { toolCallId: 'toolu_2', toolName: 'write_file', outcome: { kind: 'error', message: 'disk full' } },
      ],
    })
  })
})
