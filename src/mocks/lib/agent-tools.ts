import { harnessToolName } from '../../api/tool-names'
import type { MockDb } from '../db/types'
import type { SessionRecord } from '../db/types'

/**
 * How a definition's `tools` decide what a turn may call, as upstream derives it
 * (`AgentSpecCodec.toToolsConfig` and `toPermissionPolicyMap`, service-common
 * `web/catalog/spec/AgentSpecCodec.java`; enforced by `ToolConfirmationMiddleware.java`):
 *
 * - only an `agent_toolset` governs the built-in tools; `mcp_toolset` entries do not;
 * - a tool listed in `configs` is enabled by its own `enabled`, else by `defaultConfig.enabled`
 *   (absent counts as true); enabled names form an allow list, disabled ones a deny list, and once
 *   an allow list exists a tool not on it is not offered to the model;
 * - the policy of a listed tool is its own `permissionPolicy.type`, else the default's; a tool that
 *   is not listed has no policy, which the middleware treats as always allow;
 * - product names are mapped to harness names (`bash` → `execute`, `write` → `write_file`, …).
 *
 * The console's own older seed wrote flat entries (`{name, enabled, requireConfirmation}`); they are
 * read the same way so a demo stored before keeps working.
 */
export type ToolVerdict = 'allow' | 'ask' | 'deny' | 'unavailable'

/** What upstream's middleware logs when a deny policy drops a call; the mock writes it as the result. */
export const DENIED_BY_POLICY_MESSAGE = 'Tool execution denied by policy'

type Rec = Record<string, unknown>
const isRec = (value: unknown): value is Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function policyOf(value: unknown): string | null {
  return isRec(value) && typeof value.type === 'string' && value.type.trim() ? value.type : null
}

export function toolVerdict(tools: readonly unknown[] | undefined, toolName: string): ToolVerdict {
  const allow = new Set<string>()
  const deny = new Set<string>()
  const policies = new Map<string, string>()
  for (const toolset of tools ?? []) {
    if (!isRec(toolset)) continue
    if (toolset.type === undefined && typeof toolset.name === 'string') {
      // Flat entry of the older console seed.
      const name = harnessToolName(toolset.name)
      ;(toolset.enabled === false ? deny : allow).add(name)
      if (toolset.requireConfirmation === true) policies.set(name, 'always_ask')
      continue
    }
    if (toolset.type !== 'agent_toolset') continue
    const defaults = isRec(toolset.defaultConfig) ? toolset.defaultConfig : {}
    const defaultEnabled = defaults.enabled !== false
    const defaultPolicy = policyOf(defaults.permissionPolicy)
    for (const config of Array.isArray(toolset.configs) ? toolset.configs : []) {
      if (!isRec(config) || typeof config.name !== 'string' || !config.name.trim()) continue
      const name = harnessToolName(config.name)
      const enabled = typeof config.enabled === 'boolean' ? config.enabled : defaultEnabled
      ;(enabled ? allow : deny).add(name)
      const policy = policyOf(config.permissionPolicy) ?? defaultPolicy
      if (policy) policies.set(name, policy)
    }
  }
  if (deny.has(toolName) || (allow.size > 0 && !allow.has(toolName))) return 'unavailable'
  const policy = policies.get(toolName)
  if (policy === 'deny') return 'deny'
  if (policy === 'always_ask') return 'ask'
  return 'allow'
}

/**
 * The tools of the definition a session runs: its pinned version's snapshot, else the agent's
 * current definition (the middleware's `policiesForSession` falls back the same way).
 */
export function sessionTools(db: MockDb, record: SessionRecord): readonly unknown[] {
  const agent = db.agents.get(record.session.agentId)
  if (!agent) return []
  const pinned = record.session.agentVersion
  const snapshot = agent.versions.find((entry) => entry.version === pinned)?.snapshot
  return (snapshot ?? agent.definition).tools ?? []
}
