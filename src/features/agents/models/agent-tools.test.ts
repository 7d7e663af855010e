import { describe, expect, it } from 'vitest'
import { UPSTREAM_TOOLS } from '@/testing/agent-tools-fixtures'
import { decodeAgentTools } from '@/data/agents/decode-tools'
import {
  builtInToolset,
  effectiveTools,
  environmentEffect,
  mergeAgentTools,
  toolsBlockedBy,
  withToolSetting,
} from './agent-tools'

const upstream = UPSTREAM_TOOLS

describe('agent tools', () => {
  it('computes each tool’s effective value from its override, else the default', () => {
    const effective = effectiveTools(builtInToolset(decodeAgentTools(upstream)))
    const byName = Object.fromEntries(effective.map((tool) => [tool.name, tool]))
    expect(byName.write_file).toMatchObject({
      enabled: false,
      enabledFrom: 'override',
      overridesDefault: true,
    })
    // bash is upstream's product name for execute.
    expect(byName.execute).toMatchObject({ enabled: true, policy: 'always_allow', policyFrom: 'override' })
    expect(byName.read_file).toMatchObject({ enabled: true, policy: 'always_ask', policyFrom: 'default' })
    // execute and read_file are listed as enabled, so the unlisted tools are not offered.
    expect(byName.grep_files).toMatchObject({ enabled: false, enabledFrom: 'not_listed' })
  })

  it('offers every tool when nothing is listed or there is no built-in toolset', () => {
    expect(effectiveTools(null).every((tool) => tool.enabled && tool.enabledFrom === 'no_toolset')).toBe(true)
    const bare = builtInToolset(
      decodeAgentTools([{ type: 'agent_toolset', defaultConfig: { enabled: false } }]),
    )
    expect(effectiveTools(bare).every((tool) => tool.enabled && tool.enabledFrom === 'unlisted')).toBe(true)
  })

  it('says what each environment type does with a tool: remote has no shell', () => {
    expect(environmentEffect('remote', 'execute')).toBe('no_shell')
    expect(environmentEffect('remote', 'bash')).toBe('no_shell')
    expect(environmentEffect('remote', 'write_file')).toBe('files')
    expect(environmentEffect('self_hosted', 'execute')).toBe('worker')
    expect(environmentEffect('local', 'execute')).toBe('dataplane')
    expect(environmentEffect('sandbox', 'execute')).toBe('sandbox')
    expect(toolsBlockedBy('remote', effectiveTools(null))).toEqual(['execute'])
    expect(toolsBlockedBy('self_hosted', effectiveTools(null))).toEqual([])
  })
})

describe('withToolSetting', () => {
  it('changes one tool and nothing else, even where listing a tool would start an allow list', () => {
    const bare = decodeAgentTools([{ type: 'agent_toolset', defaultConfig: { enabled: true } }])
    const next = withToolSetting(bare, 'write_file', { policy: 'always_ask' })
    const before = effectiveTools(builtInToolset(bare))
    const after = effectiveTools(builtInToolset(next))
    expect(after.find((tool) => tool.name === 'write_file')?.policy).toBe('always_ask')
    for (const tool of after.filter((candidate) => candidate.name !== 'write_file')) {
      expect(tool.enabled).toBe(before.find((candidate) => candidate.name === tool.name)?.enabled)
    }
  })

  it('writes only tools in the PATCH: every other field of the definition is kept', () => {
    const definition = {
      version: 7,
      name: 'docs',
      system: 'Be careful.',
      defaultEnvironmentId: 'env_1',
      updatedAt: 5,
      tools: upstream,
      extra: { kept: true },
    }
    const tools = withToolSetting(decodeAgentTools(upstream), 'read_file', { policy: 'deny' })
    const body = mergeAgentTools(definition, tools)
    const { updatedAt: _at, tools: _tools, ...rest } = definition
    expect(body).toMatchObject(rest)
    expect(body).not.toHaveProperty('updatedAt')
    expect(JSON.stringify(body.tools)).toContain('"deny"')
  })
})

describe('withToolSetting on a listed tool', () => {
  it('enabling a listed, disabled tool keeps the unlisted tools offered', () => {
    const tools = decodeAgentTools([
      { type: 'agent_toolset', configs: [{ name: 'execute', enabled: false }] },
    ])
    const after = effectiveTools(builtInToolset(withToolSetting(tools, 'execute', { enabled: true })))
    expect(after.every((tool) => tool.enabled)).toBe(true)
  })
})
