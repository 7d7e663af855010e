import { BUILT_IN_TOOL_NAMES, harnessToolName } from '@/api/tool-names'
import type { AgentTools, ToolPolicy, Toolset } from './decode-tools'

/*
 * Each tool's effective value, read by the agent's Tools section and by a session's configuration
 * diagnosis (which cannot import the agents feature), so both say the same thing about a tool.
 */

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
