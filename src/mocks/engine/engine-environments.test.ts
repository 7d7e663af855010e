import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV, USERS } from '../seed/fixture-ids'
import { ENVIRONMENT_CHECK_FILE, ENVIRONMENT_CHECK_TEXT } from './turn-scripts'
import { expectInOrder, startEngine, type EngineHarness, stopEngine } from '../testing/engine-harness'
import { SANDBOX_CREDENTIALS_MESSAGE } from './environment-gate'
import { REMOTE_NO_SHELL_MESSAGE } from './memory-tools'
import { NO_ENVIRONMENT_MESSAGE } from './turn-runner'
import { isolationPartition } from './workspace-files'

/** Where tools run, per environment type, and what stops a run before it starts. */
let h: EngineHarness
afterEach(() => stopEngine(h))

const completedTools = (sessionId: string, turnId: string) =>
  h
    .turnEvents(sessionId, turnId)
    .filter((event) => event.type === 'tool.completed')
    .map((event) => event.data)

describe('sandbox', () => {
  it('runs tools inside the backend when the environment carries an E2B key', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst })
    const turn = await h.submit(sessionId, 'Run `pwd`.')
    await h.run()
    expect(completedTools(sessionId, turn.id)[0]?.result).toEqual({
      content: '/home/user/analysis\n',
      is_error: false,
    })
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    await h.checkLog(sessionId)
  })

  it('fails the turn with session.error turn_failed without any key, then resumes once one is set', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.e2bDefault })
    const turn = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run()
    const types = h.turnTypes(sessionId, turn.id)
    expectInOrder(types, ['run.started', 'turn.running', 'run.ended', 'turn.failed'])
    expect(h.record(sessionId).session.status).toBe('terminated')
    expect(types.some((type) => type.startsWith('tool.'))).toBe(false)
    const error = h.record(sessionId).events.find((event) => event.type === 'session.error')
    expect(error?.data).toMatchObject({
      error: { code: 'turn_failed', message: SANDBOX_CREDENTIALS_MESSAGE },
    })
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'failed', errorCode: 'turn_failed' })

    const patched = await h.call(`/api/environments/${ENV.e2bDefault}`, {
      method: 'PATCH',
      body: { config: { apiKey: 'e2b_test_key' } },
    })
    expect(patched.status).toBe(200)
    const resumed = await h.post(
      `/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/resume`,
      undefined,
      'resume-1',
    )
    expect(resumed.status).toBe(202)
    await h.run()
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'completed', errorCode: null })
    expect(completedTools(sessionId, turn.id).map((tool) => tool.name)).toEqual(['write_file', 'read_file'])
    await h.checkLog(sessionId)
  })

  it('fails even a configured sandbox while the credentials fault is on', async () => {
    h = await startEngine()
    await h.call('/__mock/faults', { method: 'PUT', body: { sandboxCredentialsMissing: true } })
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst })
    const turn = await h.submit(sessionId, 'Hello')
    await h.run()
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'failed', errorCode: 'turn_failed' })
  })

  it('keeps SESSION-scoped files to one session', async () => {
    h = await startEngine()
    const first = await h.createSession({ agent: AGENT.dataAnalyst })
    const second = await h.createSession({ agent: AGENT.dataAnalyst })
    await h.submit(first, 'Write environment-check.txt and read it back.')
    await h.run()
    const turn = await h.submit(second, `Run \`cat ${ENVIRONMENT_CHECK_FILE}\``)
    await h.run()
    expect(completedTools(second, turn.id)[0]).toMatchObject({ status: 'failed' })
  })
})

describe('local', () => {
  it('shares USER-scoped files between the sessions of one owner', async () => {
    h = await startEngine()
    const first = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })
    const second = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })
    await h.submit(first, 'Write environment-check.txt and read it back.')
    await h.run()
    const turn = await h.submit(second, `Run \`cat ${ENVIRONMENT_CHECK_FILE}\``)
    await h.run()
    expect(completedTools(second, turn.id)[0]?.result).toEqual({
      content: ENVIRONMENT_CHECK_TEXT,
      is_error: false,
    })
  })

  it('keeps running a bound local session when local is disabled, but refuses new local environments and bindings', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })
    const faults = await h.call('/__mock/faults', {
      method: 'PUT',
      body: { localEnvironmentsDisabled: true },
    })
    expect(await faults.json()).toMatchObject({ localEnvironmentsDisabled: true })
    const turn = await h.submit(sessionId, 'Run `uname -a`.')
    await h.run()
    // Upstream checks the policy only when an environment is bound (environment_policy.go).
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'completed', errorCode: null })
    expect(h.record(sessionId).events.some((event) => event.type === 'session.error')).toBe(false)

    const created = await h.call('/api/environments', {
      method: 'POST',
      body: { name: 'again', type: 'local' },
    })
    expect(created.status).toBe(403)
    const bound = await h.call('/api/v1/agent-sessions', {
      method: 'POST',
      body: { agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal },
    })
    expect(bound.status).toBe(400)
    await h.checkLog(sessionId)
  })
})

describe('remote', () => {
  it('has files but no shell: execute ends as a tool error that says so', async () => {
    h = await startEngine()
    // triage-bot has no built-in toolset, so execute is enabled: the environment is what refuses it.
    const shellSession = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.sharedDocs })
    const shell = await h.submit(shellSession, 'Run `ls -la`.')
    await h.run()
    expect(completedTools(shellSession, shell.id)[0]).toMatchObject({
      name: 'execute',
      status: 'failed',
      result: { content: REMOTE_NO_SHELL_MESSAGE, is_error: true },
    })
    expect(h.turn(shellSession, shell.id).status).toBe('completed')
    const sessionId = await h.createSession({ agent: AGENT.docsWriter })
    const files = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run()
    // docs-writer's write_file is always_ask: the write waits for the user's answer first.
    const asked = h.turnEvents(sessionId, files.id).find((event) => event.type === 'required_action.created')
    expect(asked?.data).toMatchObject({ kind: 'confirmation', tool_call: { name: 'write_file' } })
    const answer = await h.post(
      `/api/v1/agent-sessions/${sessionId}/turns/${files.id}/actions`,
      { answers: [{ request_id: asked?.data.request_id, allow: true }] },
      'allow-remote-write',
    )
    expect(answer.status).toBe(202)
    await h.run()
    expect(completedTools(sessionId, files.id).every((tool) => tool.status === 'completed')).toBe(true)
    // shared-docs is AGENT-scoped: every docs-writer session sees the file.
    expect(
      h.backend.db.workspaces.get(`${ENV.sharedDocs}/agent-${AGENT.docsWriter}`)?.get(ENVIRONMENT_CHECK_FILE),
    ).toBe(ENVIRONMENT_CHECK_TEXT)
    await h.checkLog(sessionId)
  })
})

describe('no environment', () => {
  it('(a demo state saved before the server always chose one) answers in text but ends tool calls with an error', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.triageBot })
    delete h.record(sessionId).session.environmentId
    const turn = await h.submit(sessionId, 'Run `echo hi`.')
    await h.run()
    expect(completedTools(sessionId, turn.id)[0]?.result).toEqual({
      content: NO_ENVIRONMENT_MESSAGE,
      is_error: true,
    })
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
  })
})

describe('isolation partitions', () => {
  it('names one partition per session, owner, agent or environment', () => {
    const session = {
      id: 'sess_1',
      agentId: 'agt_1',
      ownerId: USERS.alice.userId,
      status: 'idle',
      createdAt: 0,
      updatedAt: 0,
    }
    const env = (isolationScope?: string) => ({
      id: 'env_1',
      name: 'e',
      type: 'local' as const,
      ownerId: 'usr_admin',
      config: isolationScope ? { isolationScope } : {},
      createdAt: 0,
      updatedAt: 0,
      archivedAt: null,
    })
    expect(isolationPartition(env(), session)).toEqual({ scope: 'SESSION', name: 'sess_1' })
    expect(isolationPartition(env('user'), session)).toEqual({
      scope: 'USER',
      name: `user-${USERS.alice.userId}`,
    })
    expect(isolationPartition(env('AGENT'), session)).toEqual({ scope: 'AGENT', name: 'agent-agt_1' })
    expect(isolationPartition(env('GLOBAL'), session)).toEqual({ scope: 'GLOBAL', name: 'global' })
    expect(isolationPartition(env('bogus'), session)).toEqual({ scope: 'SESSION', name: 'sess_1' })
  })
})
