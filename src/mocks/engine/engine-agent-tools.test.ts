import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '../seed/fixture-ids'
import { DENIED_BY_POLICY_MESSAGE } from '../lib/agent-tools'
import { startEngine, stopEngine, type EngineHarness } from '../testing/engine-harness'

/**
 * An agent's `tools` over HTTP, as upstream stores and enforces them:
 * - shape: `AgentSpecTypes.AgentToolset` {type, defaultConfig{enabled, permissionPolicy{type}},
 *   configs[{name, enabled, permissionPolicy}], mcpServerName} (service-common
 *   `web/catalog/spec/AgentSpecTypes.java`); the definition PATCH stores the list as sent;
 * - a disabled tool is filtered out of what the model is offered (`AgentSpecCodec.toToolsConfig`
 *   deny list; harness `ToolsConfig`: an allow list hides unlisted tools), so no call happens;
 * - a `deny` policy drops the call in `ToolConfirmationMiddleware.onActing` before it runs; the
 *   middleware logs "Tool execution denied by policy", which the mock writes as the denied result;
 * - an `always_ask` policy holds the call in the same middleware until the user answers
 *   (`ToolConfirmationCoordinator.requestConfirmation`: a pending ticket, the session in
 *   requires_action, the call run only when allowed).
 */
let h: EngineHarness
afterEach(() => stopEngine(h))

type Definition = Record<string, unknown> & { version: number; tools: unknown[] }

async function definitionOf(agentId: string): Promise<Definition> {
  const response = await h.call(`/api/v1/agents/${agentId}/definition`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { definition: Definition }).definition
}

async function saveTools(agentId: string, tools: unknown[]): Promise<Definition> {
  const { id: _id, scope: _scope, ownerId: _owner, updatedAt: _at, ...current } = await definitionOf(agentId)
  const response = await h.call(`/api/v1/agents/${agentId}/definition`, {
    method: 'PATCH',
    body: { ...current, tools },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { definition: Definition }).definition
}

const toolset = (configs: Record<string, unknown>[]) => ({
  type: 'agent_toolset',
  defaultConfig: { enabled: true, permissionPolicy: { type: 'always_allow' } },
  configs,
})

const CHECK = 'Write environment-check.txt and read it back.'

describe('agent tools', () => {
  it('returns the seeded built-in toolset and MCP toolsets in upstream’s shape', async () => {
    h = await startEngine()
    const { tools } = await definitionOf(AGENT.releaseHelper)
    expect(tools[0]).toMatchObject({
      type: 'agent_toolset',
      defaultConfig: { enabled: true, permissionPolicy: { type: 'always_allow' } },
      configs: expect.arrayContaining([{ name: 'write_file', enabled: true }]) as unknown,
    })
    expect(tools).toContainEqual(expect.objectContaining({ type: 'mcp_toolset', mcpServerName: 'github' }))
  })

  it('stores the tools a PATCH sends, as sent, and keeps them in the version snapshot', async () => {
    h = await startEngine()
    const sent = [
      toolset([{ name: 'write_file', enabled: false, permissionPolicy: { type: 'deny' } }]),
      { type: 'mcp_toolset', mcpServerName: 'github', defaultConfig: { enabled: false } },
    ]
    const saved = await saveTools(AGENT.releaseHelper, sent)
    expect(saved.tools).toEqual(sent)
    expect((await definitionOf(AGENT.releaseHelper)).tools).toEqual(sent)
    const versions = await h.call(`/api/v1/agents/${AGENT.releaseHelper}/versions/${saved.version}`)
    expect(((await versions.json()) as { version: { snapshot: Definition } }).version.snapshot.tools).toEqual(
      sent,
    )
  })

  it('makes no call to a disabled tool: the write never happens and the check fails', async () => {
    h = await startEngine()
    await saveTools(AGENT.dataAnalyst, [
      toolset([
        { name: 'read_file', enabled: true },
        { name: 'write_file', enabled: false },
      ]),
    ])
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst })
    const turn = await h.submit(sessionId, CHECK)
    await h.run()
    const tools = h
      .turnEvents(sessionId, turn.id)
      .filter((event) => event.type.startsWith('tool.'))
      .map((event) => event.data.name)
    expect(tools).not.toContain('write_file')
    expect(tools).toContain('read_file')
    const said = h
      .turnEvents(sessionId, turn.id)
      .filter((event) => event.type === 'item.completed')
      .map((event) => JSON.stringify(event.data))
      .join('\n')
    expect(said).toContain('write_file tool is not enabled')
    await h.checkLog(sessionId)
  })

  it('refuses a call the policy denies: requested, completed as denied with upstream’s words, never dispatched', async () => {
    h = await startEngine()
    await saveTools(AGENT.dataAnalyst, [
      toolset([
        { name: 'write_file', enabled: true, permissionPolicy: { type: 'deny' } },
        { name: 'read_file', enabled: true },
      ]),
    ])
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst })
    const turn = await h.submit(sessionId, CHECK)
    await h.run()
    const writes = h
      .turnEvents(sessionId, turn.id)
      .filter((event) => event.type.startsWith('tool.') && event.data.name === 'write_file')
    expect(writes.map((event) => event.type)).toEqual(['tool.requested', 'tool.completed'])
    expect(writes[1]?.data).toMatchObject({
      status: 'denied',
      result: { content: DENIED_BY_POLICY_MESSAGE, is_error: true },
    })
    await h.checkLog(sessionId)
  })

  it('runs a pinned session with the version it pinned, not a later change', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst })
    await saveTools(AGENT.dataAnalyst, [toolset([{ name: 'write_file', enabled: false }])])
    const turn = await h.submit(sessionId, CHECK)
    await h.run()
    const names = h.turnEvents(sessionId, turn.id).map((event) => event.data.name)
    expect(names).toContain('write_file')
  })

  it('holds a call under always_ask for a confirmation, and runs it once allowed', async () => {
    h = await startEngine()
    await saveTools(AGENT.dataAnalyst, [
      toolset([
        { name: 'write_file', enabled: true, permissionPolicy: { type: 'always_ask' } },
        { name: 'read_file', enabled: true },
      ]),
    ])
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst })
    const turn = await h.submit(sessionId, CHECK)
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('requires_action')
    const events = h.turnEvents(sessionId, turn.id)
    const created = events.find((event) => event.type === 'required_action.created')
    expect(created?.data).toMatchObject({ kind: 'confirmation', tool_call: { name: 'write_file' } })
    expect(events.some((event) => event.type === 'tool.dispatched' && event.data.name === 'write_file')).toBe(
      false,
    )
    const answer = await h.post(
      `/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/actions`,
      { answers: [{ request_id: created?.data.request_id, allow: true }] },
      'allow-ask-1',
    )
    expect(answer.status).toBe(202)
    await h.run()
    const after = h.turnEvents(sessionId, turn.id)
    expect(after.some((event) => event.type === 'tool.dispatched' && event.data.name === 'write_file')).toBe(
      true,
    )
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    await h.checkLog(sessionId)
  })

  it('asks nothing of a tool the policy allows', async () => {
    h = await startEngine()
    await saveTools(AGENT.dataAnalyst, [toolset([{ name: 'write_file', enabled: true }])])
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst })
    const turn = await h.submit(sessionId, CHECK)
    await h.run()
    expect(h.turnEvents(sessionId, turn.id).map((event) => event.type)).not.toContain(
      'required_action.created',
    )
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
  })
})
