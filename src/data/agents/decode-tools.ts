import { isRecord, readText } from '@/lib/read-fields'

/**
 * An agent's `tools` as the console models them. Upstream's console and dataplane write toolsets
 * (`AgentSpecTypes.AgentToolset`): a built-in `agent_toolset` with a `defaultConfig` and per-tool
 * `configs`, and one `mcp_toolset` per MCP server named by `mcpServerName`. Older console data holds
 * flat per-tool entries (`{name, enabled, requireConfirmation}`), read here as overrides of a
 * built-in toolset whose default enables everything. The definition endpoint stores the list as sent,
 * so either may come back.
 */

/** A policy upstream names (`always_allow`, `always_ask`, `deny`); another value is kept as sent. */
export type ToolPolicy = string

/** A value a toolset sets; null means "not set here" (a tool inherits the default; a default allows). */
export type ToolSetting = { enabled: boolean | null; policy: ToolPolicy | null }

export type ToolOverride = ToolSetting & { name: string }

export type Toolset = {
  kind: 'builtin' | 'mcp'
  /** The MCP server's name for an MCP toolset; null for the built-in one. */
  serverName: string | null
  defaults: ToolSetting
  overrides: ToolOverride[]
  /** The entry as sent, so a save keeps fields the console does not know. */
  raw: Record<string, unknown>
}

export type AgentTools = {
  toolsets: Toolset[]
  /** Entries of a type the console does not know, kept untouched on save. */
  unknown: Record<string, unknown>[]
  /** `flat`: the older per-tool entries; a save writes them as one built-in toolset. */
  shape: 'toolsets' | 'flat' | 'empty'
}

function readSetting(value: unknown): ToolSetting {
  if (!isRecord(value)) return { enabled: null, policy: null }
  return {
    enabled: typeof value.enabled === 'boolean' ? value.enabled : null,
    policy: isRecord(value.permissionPolicy) ? readText(value.permissionPolicy.type) : null,
  }
}

function readOverrides(value: unknown): ToolOverride[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const name = isRecord(entry) ? readText(entry.name) : null
    return name ? [{ name, ...readSetting(entry) }] : []
  })
}

export function decodeAgentTools(value: unknown): AgentTools {
  const entries = Array.isArray(value) ? value : []
  const toolsets: Toolset[] = []
  const unknown: Record<string, unknown>[] = []
  const flat: ToolOverride[] = []
  for (const entry of entries) {
    // The server takes an array of objects only, so anything else is not sent back.
    if (!isRecord(entry)) continue
    if (entry.type === 'agent_toolset' || entry.type === 'mcp_toolset') {
      const isMcp = entry.type === 'mcp_toolset'
      toolsets.push({
        kind: isMcp ? 'mcp' : 'builtin',
        serverName: isMcp ? (readText(entry.mcpServerName) ?? '') : null,
        defaults: readSetting(entry.defaultConfig),
        overrides: readOverrides(entry.configs),
        raw: entry,
      })
    } else if (entry.type === undefined && readText(entry.name)) {
      flat.push({
        name: readText(entry.name) ?? '',
        enabled: typeof entry.enabled === 'boolean' ? entry.enabled : null,
        policy: entry.requireConfirmation === true ? 'always_ask' : null,
      })
    } else {
      unknown.push(entry)
    }
  }
  if (flat.length > 0 && !toolsets.some((toolset) => toolset.kind === 'builtin')) {
    toolsets.unshift({
      kind: 'builtin',
      serverName: null,
      defaults: { enabled: true, policy: null },
      overrides: flat,
      raw: { type: 'agent_toolset' },
    })
  }
  const shape = flat.length > 0 ? 'flat' : toolsets.length > 0 ? 'toolsets' : 'empty'
  return { toolsets, unknown, shape }
}

function encodeSetting(setting: ToolSetting): Record<string, unknown> {
  return {
    ...(setting.enabled === null ? {} : { enabled: setting.enabled }),
    ...(setting.policy === null ? {} : { permissionPolicy: { type: setting.policy } }),
  }
}

/** The `tools` a definition PATCH sends: upstream's toolset shape, unknown entries kept as they were. */
export function encodeAgentTools(tools: AgentTools): Record<string, unknown>[] {
  const toolsets = tools.toolsets.map((toolset) => {
    const { configs: _configs, defaultConfig: _defaults, ...rest } = toolset.raw
    return {
      ...rest,
      type: toolset.kind === 'mcp' ? 'mcp_toolset' : 'agent_toolset',
      ...(toolset.kind === 'mcp' ? { mcpServerName: toolset.serverName ?? '' } : {}),
      defaultConfig: encodeSetting(toolset.defaults),
      ...(toolset.overrides.length > 0
        ? {
            configs: toolset.overrides.map((override) => ({
              name: override.name,
              ...encodeSetting(override),
            })),
          }
        : {}),
    }
  })
  return [...toolsets, ...tools.unknown]
}
