import { describe, expect, it } from 'vitest'
import { decodeAgentTools } from '@/data/agents/decode-tools'
import { VERIFY_ENVIRONMENT_MESSAGE } from '@/data/sessions/environment-check'
import { at } from '@/testing/session-events'
import { diagnoseConfiguration, toolsAskedFor, type ConfigurationInput } from './diagnose-configuration'
import type { OpenAction } from './pending-actions'
import { buildToolRecords } from './tool-records'

const toolset = (configs: Record<string, unknown>[], defaultConfig: Record<string, unknown> = {}) =>
  decodeAgentTools([{ type: 'agent_toolset', defaultConfig: { enabled: true, ...defaultConfig }, configs }])

const input = (over: Partial<ConfigurationInput>): ConfigurationInput => ({
  agentId: 'agt_1',
  agentVersion: 4,
  tools: toolset([]),
  turnId: 't1',
  turnStatus: 'completed',
  prompt: VERIFY_ENVIRONMENT_MESSAGE,
  calls: [],
  openActions: [],
  ...over,
})

const call = (name: string, status: string, turnId = 't1') =>
  buildToolRecords([
    at('tool.requested', 1, { turn_id: turnId, tool_call_id: `c-${name}`, name, input: {} }),
    at('tool.completed', 2, {
      turn_id: turnId,
      tool_call_id: `c-${name}`,
      name,
      status,
      result: {
        content: status === 'denied' ? 'Tool execution denied by policy' : 'ok',
        is_error: status === 'denied',
      },
    }),
  ])

const confirmation = (toolName: string, turnId = 't1'): OpenAction => ({
  requestId: 'req_1',
  turnId,
  kind: 'confirmation',
  toolName,
  toolInput: {},
  createdEventId: 'e1',
  createdAt: 1,
})

describe('toolsAskedFor', () => {
  it('reads a file write and a command run from the prompt, and nothing from a question', () => {
    expect(toolsAskedFor(VERIFY_ENVIRONMENT_MESSAGE)).toEqual(['write_file'])
    expect(toolsAskedFor('Please create a file named notes.md with the summary')).toEqual(['write_file'])
    expect(toolsAskedFor('Run the tests and tell me what fails.')).toEqual(['execute'])
    expect(toolsAskedFor('What does the release process look like?')).toEqual([])
  })
})

describe('diagnoseConfiguration', () => {
  it('names a tool the prompt needed, disabled in the pinned version, that was never called', () => {
    const tools = toolset([
      { name: 'read_file', enabled: true },
      { name: 'write_file', enabled: false },
    ])
    expect(diagnoseConfiguration(input({ tools, calls: call('read_file', 'completed') }))).toEqual([
      {
        tool: 'write_file',
        setting: 'disabled',
        evidence: 'not_called',
        agentVersion: 4,
        href: '/agents/agt_1?tab=runtime#agent-tools',
      },
    ])
  })

  it('says "not listed" when an allow list leaves the tool out', () => {
    const tools = toolset([{ name: 'read_file', enabled: true }])
    expect(diagnoseConfiguration(input({ tools }))[0]).toMatchObject({
      tool: 'write_file',
      setting: 'not_listed',
    })
  })

  it('reads product names as the tools they stand for (write → write_file)', () => {
    const tools = toolset([{ name: 'write', enabled: false }])
    expect(diagnoseConfiguration(input({ tools }))[0]).toMatchObject({
      tool: 'write_file',
      setting: 'disabled',
    })
  })

  it('blames nothing while the turn still runs, or when the tool is enabled', () => {
    const disabled = toolset([{ name: 'write_file', enabled: false }])
    expect(diagnoseConfiguration(input({ tools: disabled, turnStatus: 'running' }))).toEqual([])
    expect(diagnoseConfiguration(input({ tools: toolset([{ name: 'write_file', enabled: true }]) }))).toEqual(
      [],
    )
    expect(diagnoseConfiguration(input({ tools: disabled, prompt: 'Summarise the docs.' }))).toEqual([])
  })

  it('names a call refused by a deny policy', () => {
    const tools = toolset([{ name: 'write_file', enabled: true, permissionPolicy: { type: 'deny' } }])
    expect(diagnoseConfiguration(input({ tools, calls: call('write_file', 'denied') }))).toEqual([
      expect.objectContaining({ tool: 'write_file', setting: 'deny', evidence: 'refused' }),
    ])
  })

  it('does not blame the policy for a refusal it does not explain (an operator denied it)', () => {
    const tools = toolset([{ name: 'write_file', enabled: true, permissionPolicy: { type: 'always_ask' } }])
    expect(diagnoseConfiguration(input({ tools, calls: call('write_file', 'denied') }))).toEqual([])
  })

  it('names a confirmation waiting under always ask, for this turn only', () => {
    const tools = toolset([], { permissionPolicy: { type: 'always_ask' } })
    const asks = toolset([{ name: 'write_file', enabled: true }], {
      permissionPolicy: { type: 'always_ask' },
    })
    expect(
      diagnoseConfiguration(
        input({ tools, turnStatus: 'requires_action', openActions: [confirmation('write_file', 't0')] }),
      ),
    ).toEqual([])
    expect(
      diagnoseConfiguration(
        input({ tools: asks, turnStatus: 'requires_action', openActions: [confirmation('write_file')] }),
      ),
    ).toEqual([expect.objectContaining({ tool: 'write_file', setting: 'always_ask', evidence: 'waiting' })])
  })
})
