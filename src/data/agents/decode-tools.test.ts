import { describe, expect, it } from 'vitest'
import { UPSTREAM_TOOLS } from '@/testing/agent-tools-fixtures'
import { decodeAgentTools, encodeAgentTools } from './decode-tools'

const upstream = UPSTREAM_TOOLS

describe('decodeAgentTools', () => {
  it('reads upstream toolsets and keeps them on the way back', () => {
    const tools = decodeAgentTools(upstream)
    expect(tools.shape).toBe('toolsets')
    expect(tools.toolsets.map((toolset) => [toolset.kind, toolset.serverName])).toEqual([
      ['builtin', null],
      ['mcp', 'github'],
    ])
    expect(encodeAgentTools(tools)).toEqual(upstream)
  })

  it('reads the older flat entries as overrides of a built-in toolset', () => {
    const tools = decodeAgentTools([
      { name: 'execute', enabled: false },
      { name: 'write_file', enabled: true, requireConfirmation: true },
    ])
    expect(tools.shape).toBe('flat')
    expect(tools.toolsets[0]?.overrides).toEqual([
      { name: 'execute', enabled: false, policy: null },
      { name: 'write_file', enabled: true, policy: 'always_ask' },
    ])
  })

  it('keeps entries of a type it does not know, and ignores junk names', () => {
    const tools = decodeAgentTools([
      { type: 'web_toolset', x: 1 },
      { type: 'agent_toolset', configs: [{ enabled: true }] },
    ])
    expect(tools.toolsets[0]?.overrides).toEqual([])
    expect(encodeAgentTools(tools)).toEqual([
      { type: 'agent_toolset', defaultConfig: {} },
      { type: 'web_toolset', x: 1 },
    ])
  })
})
