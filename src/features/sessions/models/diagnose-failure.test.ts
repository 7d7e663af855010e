import { describe, expect, it } from 'vitest'
import type { WorkItem } from '@/data/work/types'
import { diagnoseFailure, type FailureInput, type FailureProblem } from './diagnose-failure'
import { buildToolRecords } from './tool-records'
import { at, selfHostedCall } from '@/testing/session-events'

const NOW = 1_000_000
const item = (overrides: Partial<WorkItem>): WorkItem => ({
  id: 'work_1',
  sessionId: 's1',
  environmentId: 'env_1',
  ownerId: 'u',
  status: 'active',
  claimedBy: 'worker-b',
  workDir: '/work/hands/s1',
  createdAt: 1030,
  updatedAt: NOW - 5_000,
  metadata: {},
  ...overrides,
})

/** upstream SessionTurnRunner.failTurn: session.error {error:{type, code, message, retry_status}}. */
const sessionError = (code: string, message: string): FailureProblem => ({
  type: 'session.error',
  code,
  message,
  retryStatus: 'not_retrying',
  eventId: 'evt_err',
})

const base = (overrides: Partial<FailureInput>): FailureInput => ({
  now: NOW,
  agentId: 'agt_1',
  environmentId: 'env_1',
  problems: [],
  tools: [],
  claims: { sessionId: 's1', isSelfHosted: true, workItems: [], turnStartedAt: new Map([['t1', 900]]) },
  ...overrides,
})

/** A tool call of turn t1 that came back with an error. */
const failedCompletion = (time: number, callId: string, name: string, text: string, content: string) =>
  at('tool.completed', time, {
    turn_id: 't1',
    tool_call_id: callId,
    name,
    status: 'failed',
    output: [{ type: 'text', text }],
    result: { content, is_error: true },
  })

/** A self-hosted write_file that the worker answered with an error. */
function failedCall() {
  const events = selfHostedCall('t1', 'toolu_1', 1000).map((event) =>
    event.type === 'tool.completed'
      ? failedCompletion(
          event.created_at,
          'toolu_1',
          'write_file',
          'EACCES: permission denied, open environment-check.txt\nstack…',
          'EACCES',
        )
      : event,
  )
  return buildToolRecords(events)
}

/** A self-hosted call still waiting for its result when the turn failed. */
function unfinishedCall() {
  return buildToolRecords(selfHostedCall('t1', 'toolu_1', 1000).slice(0, 4))
}

describe('diagnoseFailure', () => {
  it('names the failed tool call, the worker that ran it and its work item, with the output', () => {
    const diagnosis = diagnoseFailure(
      base({
        problems: [sessionError('model_call_failed', 'tool write_file failed')],
        tools: failedCall(),
        claims: { ...base({}).claims, workItems: [item({ status: 'stopped' })] },
      }),
    )
    expect(diagnosis.code).toBe('model_call_failed')
    expect(diagnosis.message).toBe('tool write_file failed')
    expect(diagnosis.isFinal).toBe(true)
    // The failing call first, then what the server's own error says.
    expect(diagnosis.causes.map((cause) => cause.code)).toEqual(['tool_failed', 'model_call_failed'])
    const [cause] = diagnosis.causes
    expect(cause?.title).toBe('The tool call write_file failed')
    expect(cause?.detail).toContain('Worker worker-b ran write_file (toolu_1) for work item work_1')
    expect(cause?.detail).toContain('EACCES: permission denied, open environment-check.txt.')
    expect(cause?.detail).not.toContain('stack')
    expect(cause?.fix?.href).toMatch(/^\?tab=tools&tool=/)
  })

  it('says a claim went stale when the worker holding the call stopped heartbeating', () => {
    const diagnosis = diagnoseFailure(
      base({
        problems: [sessionError('turn_failed', 'lease expired')],
        tools: unfinishedCall(),
        claims: { ...base({}).claims, workItems: [item({ updatedAt: NOW - 120_000 })] },
      }),
    )
    expect(diagnosis.causes[0]).toMatchObject({
      code: 'claim_stale',
      title: 'Worker worker-b’s claim went stale',
      fix: { href: '/environments/env_1?tab=workers&work=work_1' },
    })
    expect(diagnosis.causes[0]?.detail).toContain('no heartbeat for 2 min')
    // The server's own error is still listed, with its message.
    expect(diagnosis.causes[1]).toMatchObject({ code: 'turn_failed' })
    expect(diagnosis.causes[1]?.detail).toContain('lease expired')
  })

  it('says the claim was released when the work item stopped without a result', () => {
    const diagnosis = diagnoseFailure(
      base({
        problems: [sessionError('interrupted', 'sleep interrupted')],
        tools: unfinishedCall(),
        claims: { ...base({}).claims, workItems: [item({ status: 'stopped' })] },
      }),
    )
    expect(diagnosis.causes.map((cause) => cause.code)).toEqual(['claim_released', 'interrupted'])
    expect(diagnosis.causes[0]?.detail).toContain('Work item work_1 (claimed by worker-b) is stopped')
    expect(diagnosis.causes[0]?.fix?.href).toBe('/environments/env_1?tab=workers&work=work_1')
  })

  it('blames the model call when no tool failed, and leads to the agent’s configuration', () => {
    const diagnosis = diagnoseFailure(
      base({ problems: [sessionError('model_call_failed', 'upstream model returned 429')] }),
    )
    expect(diagnosis.causes).toHaveLength(1)
    expect(diagnosis.causes[0]).toMatchObject({
      code: 'model_call_failed',
      title: 'The agent’s run failed (model_call_failed)',
      fix: { href: '/agents/agt_1?tab=runtime' },
    })
    expect(diagnosis.causes[0]?.detail).toContain('upstream model returned 429')
  })

  it('reads an environment refusal from the message, whatever the code', () => {
    const diagnosis = diagnoseFailure(
      base({
        problems: [
          {
            type: 'turn.failed',
            code: 'x',
            message: 'Local environments are disabled on this server',
            eventId: 'e',
          },
        ],
        claims: { ...base({}).claims, isSelfHosted: false },
      }),
    )
    expect(diagnosis.causes[0]).toMatchObject({
      code: 'environment_refused',
      fix: { href: '?tab=environment' },
    })
    expect(diagnosis.isFinal).toBe(false)
  })

  it.each([
    '400 BAD_REQUEST "sandbox environments require an E2B API key (config.apiKey, builder.e2b.api-key, BUILDER_E2B_API_KEY, or E2B_API_KEY)"',
    '404 NOT_FOUND "Environment not found: env_1"',
  ])('reads upstream turn_failed %s as the environment refusing the turn', (message) => {
    const diagnosis = diagnoseFailure(
      base({
        problems: [sessionError('turn_failed', message), sessionError('turn_failed', message)],
        claims: { ...base({}).claims, isSelfHosted: false },
      }),
    )
    expect(diagnosis).toMatchObject({ code: 'turn_failed', message, isFinal: true })
    expect(diagnosis.causes).toEqual([expect.objectContaining({ code: 'environment_refused' })])
  })

  it('says the server gave no reason, rather than inventing one', () => {
    expect(
      diagnoseFailure(base({ problems: [{ type: 'turn.failed', code: null, message: null, eventId: 'e' }] })),
    ).toMatchObject({
      code: null,
      message: null,
      causes: [{ code: 'unknown', title: 'The server did not say why' }],
    })
    const withCode = diagnoseFailure(
      base({
        problems: [{ type: 'turn.failed', code: 'quota_exhausted', message: 'Out of quota', eventId: 'e' }],
      }),
    )
    expect(withCode.causes).toHaveLength(1)
    expect(withCode.causes[0]?.detail).toBe(
      'It failed the turn with quota_exhausted: Out of quota. The events around the error may say more.',
    )
  })

  it('leaves out a tool error the agent moved past, and blames what ended the turn', () => {
    const events = [
      at('tool.requested', 1000, { turn_id: 't1', tool_call_id: 'toolu_a', name: 'read_file', input: {} }),
      failedCompletion(1100, 'toolu_a', 'read_file', 'No such file', 'No such file'),
      at('tool.requested', 1200, { turn_id: 't1', tool_call_id: 'toolu_b', name: 'execute', input: {} }),
      at('tool.completed', 1300, {
        turn_id: 't1',
        tool_call_id: 'toolu_b',
        name: 'execute',
        status: 'completed',
        output: [{ type: 'text', text: 'ok' }],
      }),
    ]
    const diagnosis = diagnoseFailure(
      base({
        problems: [sessionError('model_call_failed', 'The model provider returned 503')],
        tools: buildToolRecords(events),
        claims: { ...base({}).claims, isSelfHosted: false },
      }),
    )
    expect(diagnosis.causes.map((cause) => cause.code)).toEqual(['model_call_failed'])
  })

  it('names a tool that ran in the backend and errored, with no worker', () => {
    const diagnosis = diagnoseFailure(
      base({ tools: failedCall(), claims: { ...base({}).claims, isSelfHosted: false } }),
    )
    expect(diagnosis.causes[0]?.detail).toMatch(
      /^write_file \(toolu_1\) ran in the backend and returned an error/,
    )
  })
})
