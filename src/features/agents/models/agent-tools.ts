import {
  encodeAgentTools,
  type AgentTools,
  type ToolPolicy,
  type ToolSetting,
  type Toolset,
} from '@/data/agents/decode-tools'
import type { AgentDefinition, AgentDefinitionUpdate } from './agent-types'
import { BUILT_IN_TOOL_NAMES, harnessToolName } from '@/api/tool-names'
import { writableDefinition } from './merge-session-defaults'

/**
 * Where a tool's effective value comes from:
 * `override` its own entry; `default` the toolset default, for an entry that sets nothing itself;
 * `not_listed` other tools are listed as enabled, which makes them the only ones offered;
 * `unlisted` nothing names it, so it is offered and allowed (upstream applies the toolset default
 * to listed tools only); `no_toolset` the agent has no built-in toolset, so every tool is offered.
 */
export type ToolSource = 'override' | 'default' | 'not_listed' | 'unlisted' | 'no_toolset'

export type EffectiveTool = {
  name: string
  enabled: boolean
  policy: ToolPolicy
  enabledFrom: ToolSource
  policyFrom: ToolSource
  /** The tool's own entry differs from the toolset default. */
  overridesDefault: boolean
}

/**
 * What each tool of a toolset does, as upstream derives it (`AgentSpecCodec.toToolsConfig`,
 * `toPermissionPolicyMap`; harness `ToolsConfig`: an allow list hides the tools not on it).
 * For the built-in toolset every built-in tool is listed; an MCP toolset lists its overrides.
 */
export function effectiveTools(
  toolset: Toolset | null,
  kind: 'builtin' | 'mcp' = 'builtin',
): EffectiveTool[] {
  if (!toolset) {
    return BUILT_IN_TOOL_NAMES.map((name) => ({
      name,
      enabled: true,
      policy: 'always_allow',
      enabledFrom: 'no_toolset',
      policyFrom: 'no_toolset',
      overridesDefault: false,
    }))
  }
  const defaultEnabled = toolset.defaults.enabled !== false
  const listed = new Map(toolset.overrides.map((entry) => [harnessToolName(entry.name), entry]))
  const hasAllowList = [...listed.values()].some((entry) => (entry.enabled ?? defaultEnabled) === true)
  const names =
    kind === 'builtin' ? [...new Set([...BUILT_IN_TOOL_NAMES, ...listed.keys()])] : [...listed.keys()]
  return names.map((name): EffectiveTool => {
    const entry = listed.get(name)
    if (!entry) {
      return {
        name,
        enabled: !hasAllowList,
        policy: 'always_allow',
        enabledFrom: hasAllowList ? 'not_listed' : 'unlisted',
        policyFrom: 'unlisted',
        overridesDefault: false,
      }
    }
    return {
      name,
      enabled: entry.enabled ?? defaultEnabled,
      policy: entry.policy ?? toolset.defaults.policy ?? 'always_allow',
      enabledFrom: entry.enabled === null ? 'default' : 'override',
      policyFrom: entry.policy === null ? 'default' : 'override',
      overridesDefault:
        (entry.enabled !== null && entry.enabled !== defaultEnabled) ||
        (entry.policy !== null && entry.policy !== (toolset.defaults.policy ?? 'always_allow')),
    }
  })
}

export function builtInToolset(tools: AgentTools): Toolset | null {
  return tools.toolsets.find((toolset) => toolset.kind === 'builtin') ?? null
}

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
