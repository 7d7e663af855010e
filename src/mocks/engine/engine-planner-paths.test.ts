import { afterEach, describe, expect, it } from 'vitest'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { ENVIRONMENT_CHECK_FILE, ENVIRONMENT_CHECK_TEXT } from './turn-scripts'
import { ENV, USERS } from '../seed/fixture-ids'
import { expectInOrder, startEngine, type EngineHarness, stopEngine } from '../testing/engine-harness'
import { LONG_OUTPUT_COMMAND, MISSING_LOG_PATH, PUBLISH_PATH } from './planner'

/** Every planner path, run by the engine on the seeded local environment (tools inside the backend). */
let h: EngineHarness
afterEach(() => stopEngine(h))

const SESSION = MORE_SESSIONS.fresh
/** dataplane-local has isolationScope USER: alice's sessions there share these files. */
const localFiles = () => h.backend.db.workspaces.get(`${ENV.dataplaneLocal}/user-${USERS.alice.userId}`)

const toolEvents = (turnId: string, type: string) =>
  h.turnEvents(SESSION, turnId).filter((event) => event.type === type)

describe('planner paths', () => {
  it('writes environment-check.txt and reads it back, in the upstream event order', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Write environment-check.txt and read it back.')
    expect(h.turn(SESSION, turn.id).status).toBe('queued')
    await h.run()
    const types = h.turnTypes(SESSION, turn.id)
    expectInOrder(types, [
      'turn.accepted',
      'turn.queued',
      'run.started',
      'turn.running',
      'session.status_running',
      'item.started',
      'item.delta',
      'item.completed',
      'model.completed',
      'usage.recorded',
      'tool.requested',
      'tool.dispatched',
      'tool.delta',
      'tool.completed',
      'model.completed',
      'usage.recorded',
      'tool.requested',
      'tool.dispatched',
      'tool.delta',
      'tool.completed',
      'item.started',
      'item.delta',
      'item.completed',
      'run.ended',
      'turn.completed',
      'session.status_idle',
    ])
    expect(types.at(-1)).toBe('session.status_idle')
    expect(
      toolEvents(turn.id, 'tool.completed').map((event) => [event.data.name, event.data.status]),
    ).toEqual([
      ['write_file', 'completed'],
      ['read_file', 'completed'],
    ])
    expect(toolEvents(turn.id, 'tool.completed')[1]?.data.result).toEqual({
      content: ENVIRONMENT_CHECK_TEXT,
      is_error: false,
    })
    expect(localFiles()?.get(ENVIRONMENT_CHECK_FILE)).toBe(ENVIRONMENT_CHECK_TEXT)
    expect(h.turn(SESSION, turn.id).status).toBe('completed')
    expect(h.record(SESSION).session.status).toBe('idle')
    expect(h.backend.db.turnRuns.size).toBe(0)
    await h.checkLog(SESSION)
  })

  it('lists, globs and greps the working files', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'List the files, glob *.py and grep for "TODO".')
    await h.run()
    const completed = toolEvents(turn.id, 'tool.completed')
    expect(completed.map((event) => event.data.name)).toEqual(['list_files', 'glob_files', 'grep_files'])
    const texts = completed.map((event) => (event.data.result as { content: string }).content)
    expect(texts[0]).toContain('release_tools/')
    expect(texts[1]?.split('\n')).toContain('release_tools/changelog.py')
    expect(texts[2]).toContain('release_tools/changelog.py:2:    # TODO: group entries by scope')
    expect(h.turn(SESSION, turn.id).status).toBe('completed')
    await h.checkLog(SESSION)
  })

  it('runs a shell command and streams its output', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Run `echo hello && whoami && pwd` please.')
    await h.run()
    const [done] = toolEvents(turn.id, 'tool.completed')
    expect(done?.data).toMatchObject({
      name: 'execute',
      input: { command: 'echo hello && whoami && pwd' },
      status: 'completed',
      result: {
        content: `hello\ndataplane\n/var/lib/dataplane/workspaces/user-${USERS.alice.userId}\n`,
        is_error: false,
      },
    })
    await h.checkLog(SESSION)
  })

  it('produces long output as many tool.delta and item.delta events', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Give me a long, verbose output.')
    await h.run(5 * 60_000)
    const deltas = toolEvents(turn.id, 'tool.delta')
    expect(deltas.length).toBeGreaterThanOrEqual(40)
    const [done] = toolEvents(turn.id, 'tool.completed')
    expect(done?.data.input).toEqual({ command: LONG_OUTPUT_COMMAND })
    const text = (done?.data.result as { content: string }).content
    expect(text.split('\n').filter(Boolean)).toHaveLength(2000)
    expect(deltas.map((event) => (event.data.output as { text: string }[])[0]?.text).join('')).toBe(text)
    expect(toolEvents(turn.id, 'item.delta').length).toBeGreaterThan(30)
    expect(h.turn(SESSION, turn.id).status).toBe('completed')
    await h.checkLog(SESSION)
  })

  it('reports a failing tool as a tool error and still completes the turn', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Find out why the nightly job failed.')
    await h.run()
    const [done] = toolEvents(turn.id, 'tool.completed')
    expect(done?.data).toMatchObject({
      name: 'read_file',
      status: 'failed',
      result: { content: `Error: file not found: ${MISSING_LOG_PATH}`, is_error: true },
    })
    expect(h.turn(SESSION, turn.id).status).toBe('completed')
    await h.checkLog(SESSION)
  })

  it('asks for confirmation, then runs the tool once approved', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Publish the announcement.')
    await h.run()
    expect(h.turn(SESSION, turn.id).status).toBe('requires_action')
    const created = toolEvents(turn.id, 'required_action.created')[0]
    expect(created?.data).toMatchObject({ kind: 'confirmation', tool_call: { name: 'write_file' } })
    expectInOrder(h.turnTypes(SESSION, turn.id), [
      'tool.requested',
      'required_action.created',
      'turn.requires_action',
      'run.ended',
      'session.status_requires_action',
    ])
    expect(localFiles()?.has(PUBLISH_PATH)).toBe(false)

    const answer = await h.post(
      `/api/v1/agent-sessions/${SESSION}/turns/${turn.id}/actions`,
      { answers: [{ request_id: created?.data.request_id, allow: true }] },
      'approve-1',
    )
    expect(answer.status).toBe(202)
    await h.run()
    expectInOrder(h.turnTypes(SESSION, turn.id), [
      'required_action.accepted',
      'turn.queued',
      'required_action.resolved',
      'run.started',
      'tool.dispatched',
      'tool.completed',
      'turn.completed',
    ])
    expect(localFiles()?.get(PUBLISH_PATH)).toContain('Release v2.4.1')
    expect(h.turn(SESSION, turn.id).status).toBe('completed')
    await h.checkLog(SESSION)
  })

  it('skips a denied tool call and says so', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Publish the announcement, but ask me first.')
    await h.run()
    const requestId = toolEvents(turn.id, 'required_action.created')[0]?.data.request_id
    await h.post(
      `/api/v1/agent-sessions/${SESSION}/turns/${turn.id}/actions`,
      { answers: [{ request_id: requestId, allow: false, reason: 'not today' }] },
      'deny-1',
    )
    await h.run()
    expect(toolEvents(turn.id, 'tool.dispatched')).toHaveLength(0)
    expect(toolEvents(turn.id, 'tool.completed')[0]?.data.status).toBe('denied')
    const finalText = toolEvents(turn.id, 'item.completed').at(-1)?.data.item as {
      content: { text: string }[]
    }
    expect(finalText.content[0]?.text).toContain('You declined')
    expect(localFiles()?.has(PUBLISH_PATH)).toBe(false)
    expect(h.turn(SESSION, turn.id).status).toBe('completed')
    await h.checkLog(SESSION)
  })

  it('fails the turn on a model error (its session.error events: engine-failures.test.ts)', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Simulate a model error.')
    await h.run()
    expectInOrder(h.turnTypes(SESSION, turn.id), [
      'run.started',
      'item.completed',
      'run.ended',
      'turn.failed',
    ])
    expect(h.turn(SESSION, turn.id)).toMatchObject({ status: 'failed', errorCode: 'model_call_failed' })
    await h.checkLog(SESSION)
  })

  it('answers in plain text without tools', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Hello there, who are you?')
    await h.run()
    const types = h.turnTypes(SESSION, turn.id)
    expect(types.filter((type) => type.startsWith('tool.'))).toEqual([])
    expectInOrder(types, [
      'run.started',
      'item.started',
      'item.delta',
      'item.completed',
      'usage.recorded',
      'turn.completed',
    ])
    await h.checkLog(SESSION)
  })

  it('runs the turns of a session one after another', async () => {
    h = await startEngine()
    const first = await h.submit(SESSION, 'Run `echo one`.')
    const second = await h.submit(SESSION, 'Run `echo two`.')
    await h.run(200)
    expect(h.turn(SESSION, second.id).status).toBe('queued')
    await h.run()
    const log = h.record(SESSION).events
    const firstDone = log.findIndex(
      (event) => event.type === 'turn.completed' && event.data.turn_id === first.id,
    )
    const secondRun = log.findIndex(
      (event) => event.type === 'run.started' && event.data.turn_id === second.id,
    )
    expect(firstDone).toBeGreaterThan(0)
    expect(secondRun).toBeGreaterThan(firstDone)
    expect(h.turn(SESSION, second.id).status).toBe('completed')
    await h.checkLog(SESSION)
  })

  it('stops a cancelled run: nothing more is written for it', async () => {
    h = await startEngine()
    const turn = await h.submit(SESSION, 'Give me a long, verbose output.')
    await h.run(2_000)
    const cancel = await h.post(
      `/api/v1/agent-sessions/${SESSION}/turns/${turn.id}/cancel`,
      undefined,
      'cancel-1',
    )
    expect(cancel.status).toBe(202)
    const count = h.record(SESSION).events.length
    await h.run(5 * 60_000)
    expect(h.record(SESSION).events.length).toBe(count)
    expect(h.turn(SESSION, turn.id).status).toBe('cancelled')
    expect(h.backend.db.turnRuns.size).toBe(0)
    await h.checkLog(SESSION)
  })
})
