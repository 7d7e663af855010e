import { encodeAgentTools, type AgentTools, type ToolSetting, type Toolset } from '@/data/agents/decode-tools'
import { builtInToolset, effectiveTools, type EffectiveTool } from '@/data/agents/effective-tools'
import type { AgentDefinition, AgentDefinitionUpdate } from './agent-types'
import { harnessToolName } from '@/api/tool-names'
import { writableDefinition } from './merge-session-defaults'

export {
  builtInToolset,
  effectiveTools,
  type EffectiveTool,
  type ToolSource,
} from '@/data/agents/effective-tools'

/**
 * What an environment type does with a built-in tool, whatever the agent allows:
 * `worker` runs on the operator's worker; `no_shell` cannot run (remote has shared files, no shell);
 * `files` runs against the remote share; `dataplane` runs inside the server process; `sandbox` runs
 * in the E2B sandbox; `unknown` an environment type the console does not know.
 */
export type EnvironmentEffect = 'worker' | 'no_shell' | 'files' | 'dataplane' | 'sandbox' | 'unknown'

export const ENVIRONMENT_TYPES = ['self_hosted', 'remote', 'local', 'sandbox'] as const

export function environmentEffect(environmentType: string, tool: string): EnvironmentEffect {
  switch (environmentType) {
    case 'self_hosted':
      return 'worker'
    case 'remote':
      return harnessToolName(tool) === 'execute' ? 'no_shell' : 'files'
    case 'local':
      return 'dataplane'
    case 'sandbox':
      return 'sandbox'
    default:
      return 'unknown'
  }
}

/** Tools the agent enables that an environment of this type cannot run. */
export function toolsBlockedBy(environmentType: string, tools: readonly EffectiveTool[]): string[] {
  return tools
    .filter((tool) => tool.enabled && environmentEffect(environmentType, tool.name) === 'no_shell')
    .map((tool) => tool.name)
}

/** The PATCH body for a tools change: every other field as read, only `tools` replaced. */
export function mergeAgentTools(definition: AgentDefinition, tools: AgentTools): AgentDefinitionUpdate {
  return { ...writableDefinition(definition), tools: encodeAgentTools(tools) }
}

/**
 * Sets one tool's own value in the built-in toolset (creating the toolset or the entry when
 * missing); null hands the value back to the default. An entry that sets nothing is kept, since
 * upstream still counts a listed tool in its allow list.
 */
export function withToolSetting(tools: AgentTools, name: string, change: Partial<ToolSetting>): AgentTools {
  const existing = builtInToolset(tools)
  const toolset: Toolset = existing ?? {
    kind: 'builtin',
    serverName: null,
    defaults: { enabled: true, policy: 'always_allow' },
    overrides: [],
    raw: { type: 'agent_toolset' },
  }
  // Listing one tool as enabled makes the listed tools the only ones offered (an allow list), so
  // a newly listed tool lists every tool offered so far with its current value: nothing else moves.
  const isListed = (tool: string) => toolset.overrides.some((entry) => harnessToolName(entry.name) === tool)
  const added = effectiveTools(existing)
    .filter((tool) => !isListed(tool.name))
    .filter(
      (tool) => tool.name === name || tool.enabledFrom === 'unlisted' || tool.enabledFrom === 'no_toolset',
    )
    .map((tool) => ({ name: tool.name, enabled: tool.enabled, policy: tool.policy }))
  const overrides = [...toolset.overrides, ...added].map((entry) =>
    harnessToolName(entry.name) === name ? { ...entry, ...change } : entry,
  )
  const next = { ...toolset, overrides }
  return {
    ...tools,
    toolsets: existing
      ? tools.toolsets.map((candidate) => (candidate === existing ? next : candidate))
      : [next, ...tools.toolsets],
  }
}
